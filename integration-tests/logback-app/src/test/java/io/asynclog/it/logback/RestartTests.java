package io.asynclog.it.logback;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.logging.logback.LogbackLoggingSystem;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.it.RestartClassLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Five restarts in one JVM, as Spring Boot DevTools makes them: each in a new
 * {@link RestartClassLoader} over the application's classes, on a thread of its own with that
 * loader as its context class loader, the previous context closed first and logging configured
 * again by the new one. asynclog's jar stays in the base loader, as the jar of any dependency
 * does under DevTools, so its static state and Logback's context live across restarts.
 */
class RestartTests {

	private static final int RESTARTS = 5;

	@TempDir
	Path dir;

	@Test
	void fiveDevToolsStyleRestartsKeepOneRingAndWriteEveryRestartsLines() throws Exception {
		Path log = this.dir.resolve("app.log");
		URL applicationClasses = LogbackApplication.class.getProtectionDomain().getCodeSource().getLocation();
		assertThat(LoggingBackends.class.getProtectionDomain().getCodeSource().getLocation())
			.as("asynclog comes from the base loader's class path, not from the restarted classes")
			.isNotEqualTo(applicationClasses);
		List<List<String>> threadsPerRestart = new ArrayList<>();
		for (int restart = 1; restart <= RESTARTS; restart++) {
			try (RestartClassLoader loader = new RestartClassLoader(new URL[] { applicationClasses },
					RestartTests.class.getClassLoader())) {
				Class<?> application = loader.loadClass(LogbackApplication.class.getName());
				assertThat(application.getClassLoader()).isSameAs(loader);
				try (ConfigurableApplicationContext context = runOnRestartedMain(loader, application, "--server.port=0",
						"--server.address=127.0.0.1", "--logging.file.name=" + log,
						"--management.endpoints.web.exposure.include=asynclog")) {
					assertThat(context.getBeanFactory().getBeanClassLoader()).isSameAs(loader);
					assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(LogbackLoggingSystem.class);
					assertThat(LoggingBackends.running(loader).name()).isEqualTo("logback");
					int port = ((WebServerApplicationContext) context).getWebServer().getPort();
					String name = "restart-" + restart;
					assertThat(get(port, "/greet?name=" + name).body()).isEqualTo("hello " + name + "\n");
					HttpResponse<String> endpoint = get(port, "/actuator/asynclog");
					assertThat(endpoint.statusCode()).isEqualTo(200);
					DocumentContext json = JsonPath.parse(endpoint.body());
					assertThat(json.read("$.backend", String.class)).isEqualTo("logback");
					assertThat(json.read("$.mode", String.class)).isEqualTo("async-logger");
					assertThat(json.read("$.queues[0].type", String.class)).isEqualTo("ring-buffer");
					await().atMost(Duration.ofSeconds(20))
						.until(() -> Files.readString(log).contains("greeted " + name + "\n"));
					threadsPerRestart.add(asynclogThreads());
				}
			}
		}
		assertThat(threadsPerRestart.get(0)).as("asynclog's threads while the first start runs")
			.anyMatch((thread) -> thread.startsWith("asynclog-logback-"));
		assertThat(threadsPerRestart).as("asynclog's threads while each restart runs")
			.allSatisfy((threads) -> assertThat(threads).isEqualTo(threadsPerRestart.get(0)));
		List<String> greetings = Files.readAllLines(log).stream().filter((line) -> line.contains("greeted ")).toList();
		assertThat(greetings).hasSize(RESTARTS);
		for (int restart = 1; restart <= RESTARTS; restart++) {
			assertThat(greetings.get(restart - 1)).endsWith("greeted restart-" + restart);
		}
	}

	/**
	 * Runs the application as DevTools' Restarter relaunches it: on a new thread whose context
	 * class loader is the restart loader.
	 */
	private static ConfigurableApplicationContext runOnRestartedMain(ClassLoader loader, Class<?> application,
			String... args) throws Exception {
		CompletableFuture<ConfigurableApplicationContext> started = new CompletableFuture<>();
		Thread restartedMain = new Thread(() -> {
			try {
				started.complete(SpringApplication.run(application, args));
			}
			catch (Throwable ex) {
				started.completeExceptionally(ex);
			}
		}, "restartedMain");
		restartedMain.setContextClassLoader(loader);
		restartedMain.start();
		return started.get(60, TimeUnit.SECONDS);
	}

	/**
	 * Returns asynclog's threads: its rings' and the queue monitor's.
	 */
	private static List<String> asynclogThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.map(Thread::getName)
			.filter((name) -> name.startsWith("asynclog"))
			// Log4j2 numbers each new ring's thread: the kinds of thread count, not the numbers.
			.map((name) -> name.replaceAll("-\\d+", "-#"))
			.sorted()
			.toList();
	}

	private static HttpResponse<String> get(int port, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
	}

}
