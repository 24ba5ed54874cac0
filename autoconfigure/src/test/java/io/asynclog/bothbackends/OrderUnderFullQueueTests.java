package io.asynclog.bothbackends;

import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.CallOrder;
import io.asynclog.Callers;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Order is a promise under 'block': 32 threads log into a queue of 128 slots that stays
 * full, and the file still shows every call once, each thread's calls in call order, and
 * a line overtaken only by threads that were between their call and the queue, at most
 * one call each (see {@link CallOrder}), as in sync mode. The ring of async-logger mode
 * and the queue of async-appender mode.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class OrderUnderFullQueueTests {

	private static final BackendUnderTest BACKEND = BackendUnderTest.running();

	private static final int THREADS = 32;

	private static final int CALLS = 3_000;

	@TempDir
	Path dir;

	@ParameterizedTest(name = "{0}")
	@ValueSource(strings = { "async-logger", "async-appender" })
	void theFileShowsCallsInTrustworthyOrderWhileTheQueueIsFull(String mode) {
		Path file = this.dir.resolve("app.log");
		try (ConfigurableApplicationContext context = Apps.run("asynclog.mode=" + mode,
				"asynclog.ring-buffer-size=128", "asynclog.async-appender.buffer-size=128",
				"asynclog.appenders.main.type=file", "asynclog.appenders.main.file-name=" + file,
				"asynclog.appenders.main.pattern=%m%n",
				// A flush after every line: the background thread is slower than 32 callers, so
				// the queue stays full.
				"asynclog.appenders.main.immediate-flush=true", "logging.level.root=off",
				"logging.level.test=info")) {
			assertThat(Apps.queues()).as("the %s queue on %s", mode, BACKEND).hasSize(1);
			Log log = LogFactory.getLog("test");
			CallOrder order = new CallOrder();
			try (FullQueueWatch watch = FullQueueWatch.start()) {
				Callers.run(THREADS, CALLS, Duration.ofSeconds(90), (thread, call) -> order.log(log, thread, call));
				assertThat(watch.timesSeenFull()).as("times the queue was seen full").isPositive();
			}
			Apps.awaitQueuesEmpty();
		}
		CallOrder.assertTrustworthyOrder(Apps.lines(file), THREADS, CALLS);
	}

}
