package io.asynclog.demo;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code demo.port-file}: the load tests start the app with {@code --server.port=0} and read the
 * port it got from this file, so the file must hold exactly the port Tomcat listens on, and
 * nothing may be written without the property.
 */
class PortFileTests {

	@TempDir
	Path dir;

	@Test
	void writesThePortTheServerGotOnPortZero() throws Exception {
		Path file = this.dir.resolve("run").resolve("app.port");
		try (ConfigurableApplicationContext context = new SpringApplication(DemoApplication.class)
			.run("--server.port=0", "--demo.port-file=" + file, "--logging.file.name=" + this.dir.resolve("demo.log"))) {
			int port = ((WebServerApplicationContext) context).getWebServer().getPort();
			assertThat(port).isPositive();
			assertThat(Files.readString(file, StandardCharsets.US_ASCII)).isEqualTo(port + "\n");
			assertThat(file.resolveSibling("app.port.partial")).doesNotExist();
		}
	}

	@Test
	void writesNothingWithoutTheProperty() throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplication(DemoApplication.class)
			.run("--server.port=0", "--logging.file.name=" + this.dir.resolve("demo.log"))) {
			assertThat(context.getBeansOfType(PortFile.class)).isEmpty();
		}
		try (var files = Files.list(this.dir)) {
			assertThat(files.map((p) -> p.getFileName().toString())).noneMatch((name) -> name.contains(".port"));
		}
	}

}
