package io.asynclog.demo;

import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.DefaultResourceLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The port file the load tests read: they start the app with {@code --server.port=0}, put a
 * {@code META-INF/spring.factories} that registers Spring Boot's {@code WebServerPortFileWriter}
 * on its class path and name the file with the system property {@code PORTFILE}
 * (load-tests' {@code AppProcess}, and the scripts). The file must then hold exactly the port
 * Tomcat listens on; the demo app itself writes no port file.
 */
class PortFileTests {

	private static final String FACTORIES = "org.springframework.context.ApplicationListener="
			+ "org.springframework.boot.web.server.context.WebServerPortFileWriter\n";

	@TempDir
	Path dir;

	@AfterEach
	void clearPortFile() {
		System.clearProperty("PORTFILE");
	}

	@Test
	void theHarnessListenerWritesThePortTheServerGotOnPortZero() throws Exception {
		Path listener = this.dir.resolve("listener");
		Files.createDirectories(listener.resolve("META-INF"));
		Files.writeString(listener.resolve("META-INF/spring.factories"), FACTORIES);
		Path file = this.dir.resolve("run").resolve("app.port");
		try (URLClassLoader loader = new URLClassLoader(new URL[] { listener.toUri().toURL() },
				getClass().getClassLoader()); ConfigurableApplicationContext context = run(loader, file)) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(port).isPositive();
			assertThat(Files.readString(file, StandardCharsets.US_ASCII)).isEqualTo(String.valueOf(port));
		}
	}

	@Test
	void theAppWritesNoPortFileOfItsOwn() throws Exception {
		Path file = this.dir.resolve("app.port");
		try (ConfigurableApplicationContext context = run(getClass().getClassLoader(), file)) {
			assertThat(((WebServerApplicationContext) context).getWebServer().getPort()).isPositive();
			assertThat(file).doesNotExist();
		}
	}

	private ConfigurableApplicationContext run(ClassLoader classLoader, Path portFile) {
		// Read when the writer is made, as the application is built.
		System.setProperty("PORTFILE", portFile.toString());
		return new SpringApplication(new DefaultResourceLoader(classLoader), DemoApplication.class)
			.run("--server.port=0", "--logging.file.name=" + this.dir.resolve("demo.log"));
	}

}
