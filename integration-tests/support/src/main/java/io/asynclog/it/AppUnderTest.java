package io.asynclog.it;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.function.Predicate;

import com.jayway.jsonpath.DocumentContext;
import com.jayway.jsonpath.JsonPath;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One of the web test applications (a {@code /greet} endpoint that logs {@code greeted <name>},
 * and asynclog's actuator endpoint) and what asynclog looks like in it once it runs on the
 * application's logging backend. The checks of a plain start, of {@link RestartCheck restarts}
 * and of {@link AotModeCheck AOT mode} are the same for every backend; this holds what differs,
 * so that each backend's tests say only that. {@code backend} is as {@code LoggingBackend.name()}
 * and the endpoint give it; {@code firstQueuePath} is a field of the endpoint's first queue, such
 * as {@code $.queues[0].type}; {@code backendCheck} is a backend's own check, such as that Log4j2's
 * root logger is asynchronous: it runs on the test's thread, so a check that looks a logger
 * context up by its caller finds the test class's.
 *
 * @author asynclog
 */
public record AppUnderTest(Class<?> application, String backend, Class<? extends LoggingSystem> loggingSystem,
		String firstQueuePath, String firstQueueValue, String ringThreadDescription, Predicate<String> ringThread,
		Runnable backendCheck) {

	/** The in-JVM starts' arguments: a free loopback port, the log file, the endpoint exposed. */
	public static String[] webArgs(Path log) {
		return new String[] { "--server.port=0", "--server.address=127.0.0.1", "--logging.file.name=" + log,
				"--management.endpoints.web.exposure.include=asynclog" };
	}

	/** {@code classLoader} is the one the application runs in, whose backend to ask for. */
	public void assertRunsOnItsBackend(ConfigurableApplicationContext context, ClassLoader classLoader) {
		assertThat(context.getBean(LoggingSystem.class)).isInstanceOf(this.loggingSystem);
		LoggingBackend running = LoggingBackends.running(classLoader);
		assertThat(running).as("asynclog's backend for the logging system Spring Boot chose").isNotNull();
		assertThat(running.name()).isEqualTo(this.backend);
		this.backendCheck.run();
	}

	/** Waiting for the greeting's log line is the caller's: a plain start and a restart wait differently. */
	public void assertServes(ConfigurableApplicationContext context, String name) throws Exception {
		int port = ((WebServerApplicationContext) context).getWebServer().getPort();
		assertThat(get(port, "/greet?name=" + name).body()).isEqualTo("hello " + name + "\n");
		HttpResponse<String> endpoint = get(port, "/actuator/asynclog");
		assertThat(endpoint.statusCode()).isEqualTo(200);
		DocumentContext json = JsonPath.parse(endpoint.body());
		assertThat(json.read("$.backend", String.class)).isEqualTo(this.backend);
		assertThat(json.read("$.mode", String.class)).isEqualTo("async-logger");
		assertThat(json.read(this.firstQueuePath, String.class)).isEqualTo(this.firstQueueValue);
	}

	static HttpResponse<String> get(int port, String path) throws Exception {
		return HttpClient.newHttpClient()
			.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
					HttpResponse.BodyHandlers.ofString());
	}

}
