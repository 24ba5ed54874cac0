package io.asynclog.it.log4j2;

import java.io.IOException;
import java.lang.reflect.Field;
import java.net.URISyntaxException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.message.ReusableMessageFactory;
import org.apache.logging.log4j.util.Constants;
import org.junit.jupiter.api.Test;

import io.asynclog.log4j2.config.ReusableMessages;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Log4j2's garbage-free path in a web application: this module has the servlet API on its
 * class path, where Log4j2 turns its thread-locals off by default. Run from a class path (or
 * an executable jar), asynclog turns them on; loaded by a web-application class loader, as in a
 * war deployed to a servlet container, Log4j2's guard stays; a user's own setting wins.
 */
class ReusableMessagesTests {

	@Test
	void aWebApplicationRunFromItsClassPathReusesItsMessages() {
		assertThat(Constants.IS_WEB_APP).as("the servlet API is on this class path").isTrue();
		assertThat(Constants.ENABLE_THREADLOCALS).as("Log4j2's thread-locals").isTrue();
		assertThat((Object) LogManager.getLogger(ReusableMessagesTests.class).getMessageFactory())
			.isInstanceOf(ReusableMessageFactory.class);
	}

	@Test
	void aWarInAServletContainerKeepsLog4j2sGuard() throws Exception {
		// A servlet container loads a war's jars with a loader of its own, a child of its
		// shared one: here a loader for the same jars that is neither the JVM's application
		// class loader nor Spring Boot's launcher.
		URL[] jars = { codeSource(Constants.class), codeSource(ReusableMessages.class),
				codeSource(jakarta.servlet.Servlet.class) };
		try (URLClassLoader webApp = new URLClassLoader("webapp", jars, ClassLoader.getPlatformClassLoader())) {
			Class<?> constants = Class.forName(Constants.class.getName(), true, webApp);
			assertThat(constants.getClassLoader()).isSameAs(webApp);
			assertThat(staticBoolean(constants, "IS_WEB_APP")).isTrue();
			assertThat(staticBoolean(constants, "ENABLE_THREADLOCALS")).as("Log4j2's thread-locals in a war").isFalse();
		}
	}

	@Test
	void theUsersOwnSettingWins() throws Exception {
		assertThat(threadLocalsInNewJvm()).isEqualTo("is-web-app=true thread-locals=true");
		assertThat(threadLocalsInNewJvm("-Dlog4j2.enableThreadlocals=false"))
			.isEqualTo("is-web-app=true thread-locals=false");
		assertThat(threadLocalsInNewJvm("-Dlog4j2.is.webapp=true")).isEqualTo("is-web-app=true thread-locals=false");
		assertThat(threadLocalsInNewJvm("-Dlog4j2.is.webapp=false")).isEqualTo("is-web-app=false thread-locals=true");
	}

	private static String threadLocalsInNewJvm(String... options) throws IOException, InterruptedException {
		List<String> command = new ArrayList<>();
		command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
		command.addAll(List.of(options));
		command.addAll(List.of("-cp", System.getProperty("java.class.path"), PrintThreadLocals.class.getName()));
		Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
		byte[] output = process.getInputStream().readAllBytes();
		assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
		assertThat(process.exitValue()).isZero();
		List<String> lines = new String(output, StandardCharsets.UTF_8).lines().toList();
		return lines.get(lines.size() - 1);
	}

	private static URL codeSource(Class<?> type) throws URISyntaxException, IOException {
		return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toUri().toURL();
	}

	private static boolean staticBoolean(Class<?> type, String name) throws ReflectiveOperationException {
		Field field = type.getField(name);
		return field.getBoolean(null);
	}

	/**
	 * What Log4j2 decided in a JVM of its own, started with the options under test.
	 */
	static final class PrintThreadLocals {

		public static void main(String[] args) {
			System.out.println("is-web-app=" + Constants.IS_WEB_APP + " thread-locals=" + Constants.ENABLE_THREADLOCALS);
		}

	}

}
