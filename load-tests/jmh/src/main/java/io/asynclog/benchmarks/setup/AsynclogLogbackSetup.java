package io.asynclog.benchmarks.setup;

import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import org.apache.commons.logging.LogFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.logging.LoggingSystem;

import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.queue.LogQueue;

/**
 * asynclog on Logback, on a file a user could have written ({@code logback/counting.xml} or
 * {@code logback/file.xml}: the sink the other Logback setups build through Logback's API). Its
 * background thread blocks on a lock when idle ({@code wait-strategy=block}), as logstash's
 * Disruptor appender and Logback's AsyncAppender do in {@link LogbackSetup}, so that only the
 * hand-off differs. With meters Spring Boot's {@code logback.events} counter runs too (a turbo
 * filter every call passes); without, delivery lag is off: the peers count nothing either.
 */
final class AsynclogLogbackSetup extends AsynclogBoot {

	/** The names of asynclog's ring threads on Logback start with this, then the queue's name. */
	static final String THREAD_PREFIX = "asynclog-logback-";

	private static final String THREAD_ASYNC_LOGGER = THREAD_PREFIX + LogQueue.ASYNC_LOGGER;

	/** For a one-off comparison of wait strategies: {@code -jvmArgsAppend -Dasynclog.bench.wait-strategy=timeout}. */
	private static final String WAIT_STRATEGY = System.getProperty("asynclog.bench.wait-strategy", "block");

	private final LoggerContext context;

	private final Logger logger;

	private final LogbackCountingAppender counter;

	AsynclogLogbackSetup(String name, boolean meters, SetupOptions options) {
		super(name, options, Backend.LOGBACK, meters, WAIT_STRATEGY, meters, List.of(
				"--logging.level.io.asynclog.logback=warn", "--logging.config=classpath:logback/"
						+ ((options.sink() == Sink.COUNTING) ? "counting.xml" : "file.xml")));
		this.context = (LoggerContext) LoggerFactory.getILoggerFactory();
		this.logger = LoggerFactory.getLogger("io.asynclog.benchmarks.Bench");
		this.counter = (options.sink() == Sink.COUNTING) ? LogbackCountingAppender.lastStarted() : null;
		require(options.sink() != Sink.COUNTING || this.counter != null, "started logback/counting.xml's sink");
		countLogbackSink(this.counter);
	}

	@Override
	public void log(String message) {
		this.logger.info(message);
	}

	@Override
	public void awaitDrained(long logged) {
		super.awaitDrained(logged);
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
		require(Backend.LOGBACK.loggingSystem.equals(LoggingSystem.get(getClass().getClassLoader()).getClass().getName()),
				"Spring Boot's LogbackLoggingSystem");
		require(this.logger instanceof ch.qos.logback.classic.Logger, "a Logback logger");
		require(this.logger.isInfoEnabled(), "INFO enabled on the benchmark's logger");
		require(Backend.COMMONS_LOGGING_TO_SLF4J.equals(LogFactory.getFactory().getClass().getName()),
				"Spring's own logging routed to SLF4J, not to Log4j2");
		LoggingBackend backend = Backend.running();
		require(backend.runningMode() == Mode.ASYNC_LOGGER, "async-logger mode running");
		List<LogQueue> queues = backend.queues();
		require(queues.size() == 1 && LogQueue.ASYNC_LOGGER.equals(queues.get(0).name()), "one async-logger ring");
		require(this.context.getLogger(Logger.ROOT_LOGGER_NAME).getAppender("Sink") == null,
				"its sink behind the ring, not on the root logger");
		requireThread(THREAD_ASYNC_LOGGER);
		// No other library's or setup's background thread: Log4j2's rings, Logback's AsyncAppender, logstash.
		forbidThread("AsyncLoggerConfig-");
		forbidThread("AsyncLogger[");
		forbidThread("AsyncAppender-Worker");
		forbidThread("logback-appender-");
		requireRingAndMeters();
	}

	@Override
	public void close() {
		this.application.close();
		// Spring Boot stops Logback only from a JVM shutdown hook; the trial counts the file now, once
		// asynclog's ring has drained (shutdown-timeout) and closed the sink.
		this.context.stop();
	}

}
