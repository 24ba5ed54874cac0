package io.asynclog.demo;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The request lines the HTTP comparison counts: each request's 108-byte message reaches every
 * file; the logging-off baseline writes none. Runs on Logback in demo-app and on Log4j2 in
 * demo-app-log4j2, so the files get a pattern both read: the comparison's own patterns are
 * Log4j2's (Logback reads the {@code ,SSS} of {@code %d{yyyy-MM-dd HH:mm:ss,SSS}} as a time zone).
 */
class RequestLinesTests {

	/**
	 * The plain pattern without its date.
	 */
	private static final String PATTERN = "demo.pattern=[%-5p %c{1} %t]  %m%n";

	@TempDir
	Path dir;

	@Test
	void messageIsExactly108BytesAndCarriesTheSequenceNumber() {
		String message = LogController.message(42);
		assertThat(message.getBytes(StandardCharsets.US_ASCII)).hasSize(108);
		assertThat(message).startsWith("request 0000000042 handled ");
	}

	@Test
	void numberedMessagesAreExactly108BytesToo() {
		String message = LogController.message(42, 7);
		assertThat(message.getBytes(StandardCharsets.US_ASCII)).hasSize(108);
		assertThat(message).startsWith("request 0000000042 line 07 ");
	}

	@Test
	void twentyLinesPerRequestReachEveryFile() throws Exception {
		List<List<String>> files = DemoRuns.runAndRead(this.dir, "comparison,async-logger,files-3,no-flush", 3, 20,
				PATTERN);
		assertThat(files).allSatisfy((lines) -> {
			assertThat(DemoRuns.requestLines(lines)).hasSize(5 * 20);
			assertThat(DemoRuns.requestLines(lines)
				.stream()
				.map((line) -> line.replaceAll(".*request (\\d{10}) line (\\d{2}).*", "$1/$2")))
				.doesNotHaveDuplicates()
				.contains("0000000001/01", "0000000001/20", "0000000005/20");
		});
	}

	@Test
	void lineCountsOutsideOneToAHundredAreRejected() throws Exception {
		SpringApplication application = new SpringApplication(DemoApplication.class);
		try (ConfigurableApplicationContext context = application.run("--server.port=0",
				"--spring.profiles.active=comparison,async-logger,files-1,no-flush", "--demo.log-dir=" + this.dir,
				"--" + PATTERN)) {
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
		List<List<String>> files = DemoRuns.runAndRead(this.dir, "comparison,logging-off,async-logger,files-1,flush", 1,
				1, PATTERN);
		assertThat(DemoRuns.requestLines(files.get(0))).isEmpty();
	}

}
