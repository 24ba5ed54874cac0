package io.asynclog.logback;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.spi.LoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.AppenderBase;
import com.lmax.disruptor.BlockingWaitStrategy;
import com.lmax.disruptor.BusySpinWaitStrategy;
import com.lmax.disruptor.SleepingWaitStrategy;
import com.lmax.disruptor.TimeoutBlockingWaitStrategy;
import com.lmax.disruptor.YieldingWaitStrategy;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;

import io.asynclog.core.config.AsyncLogProperties.WaitStrategy;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.logback.queue.AppenderRing;
import io.asynclog.logback.queue.Delegates;
import io.asynclog.logback.queue.QueueSettings;

/**
 * A ring on its own, in a Logback context of its own: sizes as the settings say, and every wait
 * strategy hands every event over, in order, on asynclog's background thread.
 */
class LogRingTests {


	@TempDir
	Path dir;

	@Test
	void slotsAreRoundedUpToAPowerOfTwoOfAtLeastTheSmallestAllowed() {
		AsyncLogProperties properties = new AsyncLogProperties();
		assertThat(QueueSettings.of(properties, 100, 128, List.of(), ownDeadline()).capacity()).isEqualTo(128);
		assertThat(QueueSettings.of(properties, 129, 128, List.of(), ownDeadline()).capacity()).isEqualTo(256);
		assertThat(QueueSettings.of(properties, 16384, 128, List.of(), ownDeadline()).capacity()).isEqualTo(16384);
		assertThat(QueueSettings.of(properties, 1000, 1, List.of(), ownDeadline()).capacity()).isEqualTo(1024);
		assertThat(QueueSettings.of(properties, 1, 1, List.of(), ownDeadline()).capacity()).isEqualTo(1);
	}

	@ParameterizedTest
	@EnumSource(WaitStrategy.class)
	void everyWaitStrategyHandsEveryEventOverInOrder(WaitStrategy strategy) {
		AsyncLogProperties properties = new AsyncLogProperties();
		properties.setWaitStrategy(strategy);
		QueueSettings settings = QueueSettings.of(properties, 128, 128, List.of(), ownDeadline());
		assertThat(settings.waitStrategy().get()).isInstanceOf(switch (strategy) {
			case TIMEOUT -> TimeoutBlockingWaitStrategy.class;
			case BLOCK -> BlockingWaitStrategy.class;
			case SLEEP -> SleepingWaitStrategy.class;
			case YIELD -> YieldingWaitStrategy.class;
			case BUSY_SPIN -> BusySpinWaitStrategy.class;
		});
		LoggerContext context = new LoggerContext();
		context.setMDCAdapter(new LogbackMDCAdapter());
		Recording recording = new Recording();
		recording.setContext(context);
		recording.setName("recording-" + strategy);
		recording.start();
		Delegates.Owners owners = new Delegates.Owners();
		owners.hold(recording);
		AppenderRing ring = new AppenderRing(recording, settings, owners);
		ring.start();
		Logger logger = context.getLogger("test");
		for (int i = 0; i < 10_000; i++) {
			ring.doAppend(new LoggingEvent(Logger.FQCN, logger, Level.INFO, "event " + i, null, null));
		}
		ring.stop();
		assertThat(recording.messages).hasSize(10_000);
		for (int i = 0; i < 10_000; i++) {
			assertThat(recording.messages.get(i)).isEqualTo("event " + i);
		}
		assertThat(recording.threads).containsOnly("asynclog-logback-recording-" + strategy);
		assertThat(recording.isStarted()).isFalse();
	}

	static final class Recording extends AppenderBase<ILoggingEvent> {

		final List<String> messages = Collections.synchronizedList(new ArrayList<>());

		final List<String> threads = Collections.synchronizedList(new ArrayList<>());

		@Override
		protected void append(ILoggingEvent event) {
			this.messages.add(event.getFormattedMessage());
			this.threads.add(Thread.currentThread().getName());
		}

	}

	/**
	 * A shutdown deadline for one ring alone: each stop starts its own clock.
	 */
	private static ShutdownDeadline ownDeadline() {
		return new ShutdownDeadline(new AsyncLogProperties().getShutdownTimeout());
	}

}
