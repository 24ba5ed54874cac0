package io.asynclog.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.stereotype.Component;

/**
 * With {@code demo.port-file} set, writes the port the web server really listens on to that
 * file once it has started: a program that starts the demo app with {@code --server.port=0}
 * (the load tests) learns the port from there, instead of choosing a "free" port itself that
 * another process could take before the app binds it. The file holds the port and a line
 * break, and appears at once, complete (written beside it, then renamed), so a reader never
 * sees half a number. Without the property nothing is written.
 *
 * @author asynclog
 */
@Component
@ConditionalOnProperty("demo.port-file")
class PortFile implements ApplicationListener<WebServerInitializedEvent> {

	private final Path file;

	PortFile(@Value("${demo.port-file}") Path file) {
		this.file = file.toAbsolutePath();
	}

	@Override
	public void onApplicationEvent(WebServerInitializedEvent event) {
		// A separate management server (management.server.port) has a namespace of its own; the
		// launcher wants the application's port.
		if (event.getApplicationContext().getServerNamespace() != null) {
			return;
		}
		write(this.file, event.getWebServer().getPort());
	}

	static void write(Path file, int port) {
		Path partial = file.resolveSibling(file.getFileName() + ".partial");
		try {
			if (file.getParent() != null) {
				Files.createDirectories(file.getParent());
			}
			Files.writeString(partial, port + "\n", StandardCharsets.US_ASCII);
			Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
		}
		catch (IOException ex) {
			// Failing start-up is right: the launcher would otherwise wait for a port that never comes.
			throw new UncheckedIOException("cannot write the port to demo.port-file " + file, ex);
		}
	}

}
