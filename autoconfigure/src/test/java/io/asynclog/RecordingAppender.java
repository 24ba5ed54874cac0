package io.asynclog;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.Property;

/**
 * An appender that records which thread handed it each event, optionally taking its time
 * over each one to stand in for a slow disk.
 */
public final class RecordingAppender extends AbstractAppender {

	private final Duration delay;

	private final List<Recorded> events = Collections.synchronizedList(new ArrayList<>());

	private volatile CountDownLatch gate = new CountDownLatch(0);

	private RecordingAppender(String name, Duration delay) {
		super(name, null, null, true, Property.EMPTY_ARRAY);
		this.delay = delay;
	}

	/**
	 * Adds a recording appender to the root logger of the running configuration, once the
	 * background threads have written what start-up logged, so that the appender sees only
	 * what the test logs after.
	 * @param context the logger context
	 * @param delay how long each event takes to append
	 * @return the appender
	 */
	public static RecordingAppender attachToRoot(LoggerContext context, Duration delay) {
		TestApplications.awaitQueuesEmpty(context);
		RecordingAppender appender = addTo(context.getConfiguration(), "recording", delay);
		Configuration configuration = context.getConfiguration();
		configuration.getRootLogger().addAppender(appender, null, null);
		context.updateLoggers();
		return appender;
	}

	/**
	 * Holds back the thread that appends, as a stalled disk would, until {@link #release()}.
	 */
	public void hold() {
		this.gate = new CountDownLatch(1);
	}

	/**
	 * Lets the appending thread go on.
	 */
	public void release() {
		this.gate.countDown();
	}

	/**
	 * Adds a recording appender to the root logger that holds the background thread back on
	 * the first event, until {@link #release()}.
	 * @param context the logger context
	 * @return the appender
	 */
	public static RecordingAppender holdAtRoot(LoggerContext context) {
		RecordingAppender appender = attachToRoot(context, Duration.ZERO);
		appender.hold();
		return appender;
	}

	/**
	 * Adds a started recording appender to a configuration, referenced by no logger yet.
	 * @param configuration the configuration
	 * @param name the appender's name
	 * @param delay how long each event takes to append
	 * @return the appender
	 */
	public static RecordingAppender addTo(Configuration configuration, String name, Duration delay) {
		RecordingAppender appender = new RecordingAppender(name, delay);
		appender.start();
		configuration.addAppender(appender);
		return appender;
	}

	@Override
	public void append(LogEvent event) {
		try {
			this.gate.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		if (!this.delay.isZero()) {
			try {
				Thread.sleep(this.delay.toMillis(), this.delay.toNanosPart() % 1_000_000);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		this.events.add(new Recorded(Thread.currentThread().getName(), event.getLevel(),
				event.getMessage().getFormattedMessage()));
	}

	public List<Recorded> events() {
		synchronized (this.events) {
			return List.copyOf(this.events);
		}
	}

	public long count(Level level) {
		return events().stream().filter((event) -> event.level() == level).count();
	}

	/**
	 * One appended event.
	 *
	 * @param thread the thread that appended it
	 * @param level its level
	 * @param message its message
	 */
	public record Recorded(String thread, Level level, String message) {

	}

}
