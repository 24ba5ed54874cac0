package io.asynclog.bothbackends;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.LockSupport;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.springframework.boot.logging.LogLevel;

/**
 * What the recording appender of each backend does with the events it is handed, kept
 * apart from any logging library so that the shared suites can steer it: count them by
 * level, hold back the thread that appends (a stalled disk), slow it down (a slow disk),
 * or log from it (an appender that logs, Log4j2 issues 2893 and 4009).
 * <p>
 * Appenders find their recorder by name on every event, so a test may replace or steer it
 * whenever it likes, and each test JVM (one per test class) starts with none.
 */
public final class Recorder {

	/**
	 * The name of the appender the recording configurations put on the root logger.
	 */
	public static final String RECORDING = "recording";

	private static final Map<String, Recorder> BY_NAME = new ConcurrentHashMap<>();

	private static final Log ECHO = LogFactory.getLog("echo");

	private final LongAdder[] byLevel = new LongAdder[LogLevel.values().length];

	private final LongAdder echoed = new LongAdder();

	private final LongAdder[] startingByLevel = new LongAdder[LogLevel.values().length];

	private final Queue<String> kept = new ConcurrentLinkedQueue<>();

	private volatile String countedPrefix;

	private volatile String keptPrefix;

	private final AtomicLong appended = new AtomicLong();

	private volatile CountDownLatch gate = new CountDownLatch(0);

	private volatile int slowEvery;

	private volatile boolean echo;

	private Recorder() {
		for (int i = 0; i < this.byLevel.length; i++) {
			this.byLevel[i] = new LongAdder();
			this.startingByLevel[i] = new LongAdder();
		}
	}

	/**
	 * Returns the recorder of an appender, created on first use.
	 * @param name the appender's name
	 * @return its recorder
	 */
	public static Recorder named(String name) {
		return BY_NAME.computeIfAbsent(name, (key) -> new Recorder());
	}

	/**
	 * Gives an appender a new recorder that has seen nothing.
	 * @param name the appender's name
	 * @return the new recorder
	 */
	public static Recorder fresh(String name) {
		Recorder recorder = new Recorder();
		BY_NAME.put(name, recorder);
		return recorder;
	}

	/**
	 * Called by a recording appender for every event, on the thread that appends.
	 * @param level the event's level, as Spring Boot names it
	 * @param message the formatted message
	 */
	public void append(LogLevel level, String message) {
		awaitGate();
		int every = this.slowEvery;
		if (every > 0 && this.appended.incrementAndGet() % every == 0) {
			LockSupport.parkNanos(Duration.ofMillis(1).toNanos());
		}
		this.byLevel[level.ordinal()].increment();
		String counted = this.countedPrefix;
		if (counted != null && message.startsWith(counted)) {
			this.startingByLevel[level.ordinal()].increment();
		}
		String keep = this.keptPrefix;
		if (keep != null && message.startsWith(keep)) {
			this.kept.add(message);
		}
		if (this.echo && message.startsWith("call ")) {
			this.echoed.increment();
			// Takes its time, so that the queue fills while the appending thread logs.
			LockSupport.parkNanos(50_000);
			ECHO.warn("echo " + message);
		}
	}

	private void awaitGate() {
		try {
			this.gate.await();
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	/**
	 * Holds back the thread that appends, at its next event, until {@link #release()}.
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
	 * Parks the appending thread for a millisecond every {@code events} events, so that it
	 * appends about that many events a millisecond.
	 * @param events events per millisecond; 0 for full speed
	 */
	public void slowTo(int events) {
		this.slowEvery = events;
	}

	/**
	 * Makes the appender log a WARN {@code echo <message>} on the 'echo' logger for every
	 * message that starts with {@code call }, from the thread that appends.
	 */
	public void echoCalls() {
		this.echo = true;
	}

	/**
	 * Returns how many events of a level the appender was handed.
	 * @param level the level
	 * @return the count
	 */
	public long count(LogLevel level) {
		return this.byLevel[level.ordinal()].sum();
	}

	/**
	 * Counts apart, by level, the messages that start with a prefix, from now on
	 * ({@link #countStartingWith(LogLevel)}): a test's own lines, whatever else logs meanwhile.
	 * @param prefix the prefix
	 */
	public void countStartingWith(String prefix) {
		this.countedPrefix = prefix;
	}

	/**
	 * Returns how many events of a level whose message starts with the prefix given to
	 * {@link #countStartingWith(String)} the appender was handed.
	 * @param level the level
	 * @return the count
	 */
	public long countStartingWith(LogLevel level) {
		return this.startingByLevel[level.ordinal()].sum();
	}

	/**
	 * Keeps, from now on, the messages that start with a prefix.
	 * @param prefix the prefix
	 */
	public void keepStartingWith(String prefix) {
		this.keptPrefix = prefix;
	}

	/**
	 * Returns the messages kept so far, in the order they were appended.
	 * @return the messages
	 */
	public List<String> kept() {
		return List.copyOf(this.kept);
	}

	/**
	 * Returns how many calls the appender echoed.
	 * @return the count
	 */
	public long echoed() {
		return this.echoed.sum();
	}

}
