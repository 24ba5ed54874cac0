package io.asynclog.demo;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The profiles the HTTP comparison combines: each request's 108-byte message reaches every
 * file, with the study's location pattern; the logging-off baseline writes none.
 */
class ComparisonProfilesTests {

	@TempDir
	Path dir;

	@Test
	void messageIsExactly108BytesAndCarriesTheSequenceNumber() {
		String message = LogController.message(42);
		assertThat(message.getBytes(StandardCharsets.US_ASCII)).hasSize(108);
		assertThat(message).startsWith("request 0000000042 handled ");
	}

	@Test
	void everyRequestLineReachesEachOfThreeFilesWithTheCallersLocation() throws Exception {
		List<List<String>> files = runAndRead("comparison,sync,files-3,flush,study-pattern", 3);
		assertThat(files).allSatisfy((lines) -> {
			assertThat(requestLines(lines)).hasSize(5);
			assertThat(requestLines(lines)).allMatch((line) -> line
				.matches("\\[INFO  io\\.asynclog\\.demo\\.LogController\\.log\\(LogController\\.java:\\d+\\) \\S+ .*\\]  request \\d{10} handled \\.+"));
		});
	}

	@Test
	void numberedMessagesAreExactly108BytesToo() {
		String message = LogController.message(42, 7);
		assertThat(message.getBytes(StandardCharsets.US_ASCII)).hasSize(108);
		assertThat(message).startsWith("request 0000000042 line 07 ");
	}

	@Test
	void twentyLinesPerRequestReachEveryFile() throws Exception {
		List<List<String>> files = runAndRead("comparison,async-logger,files-3,no-flush,plain-pattern", 3, 20);
		assertThat(files).allSatisfy((lines) -> {
			assertThat(requestLines(lines)).hasSize(5 * 20);
			assertThat(requestLines(lines).stream().map((line) -> line.replaceAll(".*request (\\d{10}) line (\\d{2}).*",
					"$1/$2")))
				.doesNotHaveDuplicates()
				.contains("0000000001/01", "0000000001/20", "0000000005/20");
		});
	}

	@Test
	void lineCountsOutsideOneToAHundredAreRejected() throws Exception {
		SpringApplication application = new SpringApplication(DemoApplication.class);
		try (ConfigurableApplicationContext context = application.run("--server.port=0",
				"--spring.profiles.active=comparison,async-logger,files-1,no-flush,plain-pattern",
				"--demo.log-dir=" + this.dir)) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			HttpResponse<String> response = HttpClient.newHttpClient()
				.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/log?lines=101")).build(),
						HttpResponse.BodyHandlers.ofString());
			assertThat(response.statusCode()).isEqualTo(400);
			assertThat(response.body()).contains("from 1 to 100");
		}
	}

	@Test
	void loggingOffWritesNoRequestLine() throws Exception {
		List<List<String>> files = runAndRead("comparison,logging-off,async-logger,files-1,flush,plain-pattern", 1);
		assertThat(requestLines(files.get(0))).isEmpty();
	}

	private List<List<String>> runAndRead(String profiles, int fileCount) throws Exception {
		return runAndRead(profiles, fileCount, 1);
	}

	private List<List<String>> runAndRead(String profiles, int fileCount, int linesPerRequest) throws Exception {
		SpringApplication application = new SpringApplication(DemoApplication.class);
		try (ConfigurableApplicationContext context = application.run("--server.port=0",
				"--spring.profiles.active=" + profiles, "--demo.log-dir=" + this.dir)) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			HttpClient http = HttpClient.newHttpClient();
			for (int i = 0; i < 5; i++) {
				HttpResponse<String> response = http.send(
						HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/log?lines=" + linesPerRequest))
							.build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(response.statusCode()).isEqualTo(200);
			}
		}
		// Closing the context stops Log4j2, which drains the queues and flushes the files.
		return java.util.stream.IntStream.rangeClosed(1, fileCount)
			.mapToObj((n) -> read(this.dir.resolve("app-" + n + ".log")))
			.toList();
	}

	private static List<String> read(Path file) {
		try {
			return Files.readAllLines(file);
		}
		catch (IOException ex) {
			throw new java.io.UncheckedIOException(ex);
		}
	}

	private static List<String> requestLines(List<String> lines) {
		return lines.stream().filter((line) -> line.contains("]  request ")).toList();
	}

}
