package io.asynclog.logback;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.IntStream;

import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.logback.queue.AppenderRing;
import io.asynclog.logback.queue.LoggerRing;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each mode writes every line to a real file, in the order logged, on the thread the mode
 * promises: the logging thread in 'sync', asynclog's background threads otherwise.
 */
class LogbackModesTests {

	private static final int LINES = 10_000;

	@TempDir
	Path dir;

	@ParameterizedTest
	@ValueSource(strings = { "sync", "async-appender", "async-logger" })
	void everyLineReachesTheFileInOrderOnTheModesThread(String mode) {
		Path file = this.dir.resolve(mode + ".log");
		try (ConfigurableApplicationContext context = LogbackApps.run("asynclog.mode=" + mode,
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=%m%n",
				// In sync mode nothing marks an end of batch: flush every line, as the docs advise.
				"asynclog.immediate-flush=" + mode.equals("sync"), "logging.level.root=warn",
				"logging.level.test=info")) {
			assertThat(LogbackApps.setup().mode()).isEqualTo(Mode.valueOf(mode.toUpperCase().replace('-', '_')));
			Appender<ILoggingEvent> main = appender("main");
			BackgroundGate gate = BackgroundGate.on(main, Duration.ZERO);
			Log log = LogFactory.getLog("test");
			for (int i = 0; i < LINES; i++) {
				log.info("line " + i);
			}
			List<String> lines = LogbackApps.awaitLines(file, LINES);
			assertThat(lines).containsExactlyElementsOf(IntStream.range(0, LINES).mapToObj((i) -> "line " + i).toList());
			switch (mode) {
				case "sync" -> {
					assertThat(gate.threads()).containsExactly(Thread.currentThread().getName());
					assertThat(LogbackApps.setup().rings()).isEmpty();
				}
				case "async-appender" -> {
					assertThat(gate.threads()).containsExactly("asynclog-logback-main");
					assertThat(LogbackApps.ring("main")).isInstanceOf(AppenderRing.class);
					assertThat(root().getAppender("Async-main")).isInstanceOf(AppenderRing.class);
				}
				default -> {
					assertThat(gate.threads()).containsExactly("asynclog-logback-" + LogQueue.ASYNC_LOGGER);
					assertThat(LogbackApps.ring(LogQueue.ASYNC_LOGGER)).isInstanceOf(LoggerRing.class);
					assertThat(root().getAppender(LoggerRing.APPENDER_NAME)).isInstanceOf(LoggerRing.class);
					assertThat(root().getAppender("main")).as("moved behind the ring").isNull();
				}
			}
		}
	}

	static Logger root() {
		return LogbackApps.context().getLogger(Logger.ROOT_LOGGER_NAME);
	}

	/**
	 * Finds an appender by name, on a logger or behind a ring.
	 */
	static Appender<ILoggingEvent> appender(String name) {
		Appender<ILoggingEvent> attached = root().getAppender(name);
		if (attached != null) {
			return attached;
		}
		return LogbackApps.setup()
			.rings()
			.stream()
			.flatMap((ring) -> ring.delegates().stream())
			.filter((appender) -> appender.getName().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError("no appender " + name));
	}

}
