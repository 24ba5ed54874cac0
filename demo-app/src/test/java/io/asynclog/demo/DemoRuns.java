package io.asynclog.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Runs the demo app with the profiles the HTTP comparison combines, sends it a few requests
 * and reads the files it wrote, once it has stopped.
 */
public final class DemoRuns {

	/**
	 * The backend the demo app of this module runs on, as the endpoint names it: set by the
	 * module's surefire configuration (demo-app-log4j2 sets {@code log4j2}).
	 */
	public static final String EXPECTED_BACKEND = System.getProperty("asynclog.demo.backend", "logback");

	private static final int REQUESTS = 5;

	private DemoRuns() {
	}

	/**
	 * Runs the app, sends {@value #REQUESTS} requests of the given number of lines each, stops
	 * it and reads its files {@code app-1.log} to {@code app-<fileCount>.log}.
	 * @param dir where the files go ({@code demo.log-dir})
	 * @param profiles the active profiles
	 * @param fileCount how many files the profiles declare
	 * @param linesPerRequest the lines each request logs
	 * @param properties more {@code key=value} pairs
	 * @return each file's lines
	 * @throws Exception if a request fails
	 */
	public static List<List<String>> runAndRead(Path dir, String profiles, int fileCount, int linesPerRequest,
			String... properties) throws Exception {
		List<String> args = new ArrayList<>(
				List.of("--server.port=0", "--spring.profiles.active=" + profiles, "--demo.log-dir=" + dir));
		Arrays.stream(properties).map((property) -> "--" + property).forEach(args::add);
		SpringApplication application = new SpringApplication(DemoApplication.class);
		try (ConfigurableApplicationContext context = application.run(args.toArray(String[]::new))) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			HttpClient http = HttpClient.newHttpClient();
			for (int i = 0; i < REQUESTS; i++) {
				HttpResponse<String> response = http.send(
						HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/log?lines=" + linesPerRequest))
							.build(),
						HttpResponse.BodyHandlers.ofString());
				assertThat(response.statusCode()).isEqualTo(200);
			}
		}
		// Closing the context stops the logging system, which drains the queues and flushes the files.
		return IntStream.rangeClosed(1, fileCount).mapToObj((n) -> read(dir.resolve("app-" + n + ".log"))).toList();
	}

	/**
	 * Returns the request lines among a file's lines.
	 * @param lines the file's lines
	 * @return those the controller logged
	 */
	public static List<String> requestLines(List<String> lines) {
		return lines.stream().filter((line) -> line.contains("]  request ")).toList();
	}

	private static List<String> read(Path file) {
		try {
			return Files.readAllLines(file);
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
