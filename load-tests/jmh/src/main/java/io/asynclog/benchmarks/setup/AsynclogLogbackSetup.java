package io.asynclog.benchmarks.setup;

import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import org.apache.commons.logging.LogFactory;
import org.slf4j.ILoggerFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingSystem;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.backend.LoggingBackends;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.queue.LogQueue;

/**
 * asynclog's {@code async-logger} mode on Logback, built like {@link AsynclogSetup} by a real
 * Spring Boot start-up from {@code asynclog.*} properties, on a Logback file a user could have
 * written ({@code logback/counting.xml} or {@code logback/file.xml}: the same sink the other
 * Logback setups build through Logback's API). Its ring waits for room when full
 * ({@code queue-full-policy=block}) and its background thread blocks on a lock when idle
 * ({@code wait-strategy=block}), as logstash's Disruptor appender (BlockingWaitStrategy, append
 * timeout -1) and Logback's AsyncAppender (ArrayBlockingQueue, never-block false) do in
 * {@link LogbackSetup}, so that only the hand-off differs between them. With meters every
 * auto-configuration runs (Micrometer's simple registry, the queue monitor, delivery lag, and
 * Spring Boot's {@code logback.events} counter, a turbo filter every call passes); without, none
 * does and delivery lag is off: the peers count nothing either.
 * <p>
 * Both logging libraries are in the benchmark jar, and SLF4J binds once per JVM: a fork that ran
 * a Log4j2 setup before this one would hand it Log4j2's loggers. {@link #verify()} fails the
 * trial then, rather than measuring the wrong library.
 */
final class AsynclogLogbackSetup extends LibrarySetup {

	static final String LOGBACK_LOGGING_SYSTEM = "org.springframework.boot.logging.logback.LogbackLoggingSystem";

	static final String LOGBACK_SLF4J_PROVIDER = "ch.qos.logback.classic.spi.LogbackServiceProvider";

	/**
	 * Commons Logging (Spring's own logging) prefers the Log4j API when it is present and not
	 * routed to SLF4J, as it is in this jar: without this, Spring's start-up would bring up a
	 * Log4j2 context beside Logback. A Logback application has no Log4j core, so this is what it
	 * would see.
	 */
	private static final String COMMONS_LOGGING_TO_SLF4J = "org.apache.commons.logging.impl.Slf4jLogFactory";

	/**
	 * The names of asynclog's ring threads on Logback start with this, followed by the queue's name.
	 */
	static final String THREAD_PREFIX = "asynclog-logback-";

	/**
	 * The thread of the one ring of async-logger mode.
	 */
	private static final String THREAD_ASYNC_LOGGER = THREAD_PREFIX + LogQueue.ASYNC_LOGGER;

	/** For a one-off comparison of wait strategies: {@code -jvmArgsAppend -Dasynclog.bench.wait-strategy=timeout}. */
	private static final String WAIT_STRATEGY = System.getProperty("asynclog.bench.wait-strategy", "block");

	private final boolean meters;

	private final ConfigurableApplicationContext application;

	private final LoggerContext context;

	private final Logger logger;

	private final LogbackCountingAppender counter;

	private AsynclogLogbackSetup(String name, boolean meters, SetupOptions options) {
		super(name, options);
		this.meters = meters;
		// Log4j2 is in this jar too, for its own setups: tell Spring Boot, SLF4J and Commons Logging which one runs here.
		System.setProperty(LoggingSystem.SYSTEM_PROPERTY, LOGBACK_LOGGING_SYSTEM);
		System.setProperty("slf4j.provider", LOGBACK_SLF4J_PROVIDER);
		System.setProperty(LogFactory.FACTORY_PROPERTY, COMMONS_LOGGING_TO_SLF4J);
		this.application = AsynclogBoot.start(meters, options, WAIT_STRATEGY, meters, List.of(
				"--logging.level.io.asynclog.logback=warn", "--logging.config=classpath:logback/"
						+ ((options.sink() == Sink.COUNTING) ? "counting.xml" : "file.xml")));
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!(factory instanceof LoggerContext logback)) {
			throw new IllegalStateException(name + " should log through Logback, but SLF4J is bound to "
					+ factory.getClass().getName() + ": a Log4j2 setup ran in this JVM before it (run one setup per fork)");
		}
		this.context = logback;
		this.logger = LoggerFactory.getLogger("io.asynclog.benchmarks.Bench");
		this.counter = (options.sink() == Sink.COUNTING) ? LogbackCountingAppender.lastStarted() : null;
		if (options.sink() == Sink.COUNTING && this.counter == null) {
			throw new IllegalStateException(name + " should count into logback/counting.xml's sink, but none started");
		}
		this.deliveries = Deliveries.ofLogback(name, this.counter, options.file());
	}

	static AsynclogLogbackSetup start(String name, boolean meters, SetupOptions options) {
		return new AsynclogLogbackSetup(name, meters, options);
	}

	@Override
	public void log(String message) {
		this.logger.info(message);
	}

	@Override
	public void awaitDrained(long logged) {
		this.deliveries.awaitCounted(logged);
		Waits.until(() -> backend().queues().stream().allMatch((queue) -> queue.used() == 0),
				this.name + " to empty its queue");
		// Once events went through, the sink tells which thread delivered them: asynclog's, or the
		// caller's if the ring were bypassed.
		if (this.counter != null && logged > 0) {
			String deliverer = this.counter.firstDeliveringThread();
			require(THREAD_ASYNC_LOGGER.equals(deliverer),
					"its events delivered by " + THREAD_ASYNC_LOGGER + " (they were delivered by '" + deliverer + "')");
		}
	}

	@Override
	public void verify() {
		require(LOGBACK_LOGGING_SYSTEM.equals(LoggingSystem.get(getClass().getClassLoader()).getClass().getName()),
				"Spring Boot's LogbackLoggingSystem");
		require(this.logger instanceof ch.qos.logback.classic.Logger, "a Logback logger");
		require(this.logger.isInfoEnabled(), "INFO enabled on the benchmark's logger");
		require(COMMONS_LOGGING_TO_SLF4J.equals(LogFactory.getFactory().getClass().getName()),
				"Spring's own logging routed to SLF4J, not to Log4j2");
		LoggingBackend backend = backend();
		require(backend != null && "logback".equals(backend.name()), "asynclog's Logback backend");
		require(backend.runningMode() == Mode.ASYNC_LOGGER, "async-logger mode running");
		List<LogQueue> queues = backend.queues();
		require(queues.size() == 1 && LogQueue.ASYNC_LOGGER.equals(queues.get(0).name())
				&& queues.get(0).capacity() >= this.options.bufferSize(),
				"one async-logger ring of at least " + this.options.bufferSize() + " slots (it has " + queues + ")");
		require(this.context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME).getAppender("Sink") == null,
				"its sink behind the ring, not on the root logger");
		Waits.requireThread(THREAD_ASYNC_LOGGER, this.name);
		// No other library's or setup's background thread: Log4j2's rings, Logback's AsyncAppender, logstash.
		Waits.forbidThread("AsyncLoggerConfig-", this.name);
		Waits.forbidThread("AsyncLogger[", this.name);
		Waits.forbidThread("AsyncAppender-Worker", this.name);
		Waits.forbidThread("logback-appender-", this.name);
		require(AsynclogBoot.hasMeterRegistry(this.application) == this.meters, (this.meters ? "a" : "no") + " meter registry");
	}

	private LoggingBackend backend() {
		return LoggingBackends.running(getClass().getClassLoader());
	}

	private void require(boolean condition, String what) {
		if (!condition) {
			throw new IllegalStateException(this.name + " should have " + what + ", but does not");
		}
	}

	@Override
	public void close() {
		this.application.close();
		// Spring Boot stops Logback only from a JVM shutdown hook; the trial counts the file now.
		// Stopping the context stops asynclog's ring, which drains (shutdown-timeout) and closes the sink.
		this.context.stop();
	}

}
