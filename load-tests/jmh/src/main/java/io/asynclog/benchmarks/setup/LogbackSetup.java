package io.asynclog.benchmarks.setup;

import ch.qos.logback.classic.AsyncAppender;
import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.util.Duration;
import ch.qos.logback.core.util.FileSize;
import net.logstash.logback.appender.LoggingEventAsyncDisruptorAppender;

/**
 * Logback, built through its own API (never through SLF4J, which belongs to Log4j2 in this jar):
 * a file appender, Logback's AsyncAppender in front of it, or logstash-logback-encoder's Disruptor
 * appender in front of it. Queues block when full and discard nothing, like every other setup.
 */
final class LogbackSetup extends LibrarySetup {

	enum Kind {

		SYNC, ASYNC_APPENDER, LOGSTASH_DISRUPTOR

	}

	private static final String THREAD_ASYNC_APPENDER = "AsyncAppender-Worker-Async";

	private static final String THREAD_LOGSTASH = "logback-appender-LogstashAsync-";

	private final Kind kind;

	private final LoggerContext context = new LoggerContext();

	private final Logger logger;

	private final AsyncAppender asyncAppender;

	LogbackSetup(String name, Kind kind, SetupOptions options) {
		super(name, options);
		this.kind = kind;
		this.context.setName("bench");
		// SLF4J's Logback provider would set this; asynchronous appenders copy the MDC of every event.
		this.context.setMDCAdapter(new LogbackMDCAdapter());
		this.context.start();
		LogbackCountingAppender counter = (options.sink() == Sink.COUNTING) ? new LogbackCountingAppender() : null;
		countLogbackSink(counter);
		Appender<ILoggingEvent> sink = (counter != null) ? counter : fileAppender();
		sink.setContext(this.context);
		sink.setName("Sink");
		sink.start();
		Appender<ILoggingEvent> top = switch (kind) {
			case SYNC -> sink;
			case ASYNC_APPENDER -> asyncAppender(sink);
			case LOGSTASH_DISRUPTOR -> disruptorAppender(sink);
		};
		this.asyncAppender = (top instanceof AsyncAppender async) ? async : null;
		Logger root = this.context.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
		root.setLevel(Level.INFO);
		root.addAppender(top);
		this.logger = this.context.getLogger("io.asynclog.benchmarks.Bench");
	}

	private Appender<ILoggingEvent> fileAppender() {
		PatternLayoutEncoder encoder = new PatternLayoutEncoder();
		encoder.setContext(this.context);
		encoder.setPattern(this.options.pattern());
		encoder.start();
		FileAppender<ILoggingEvent> file = new FileAppender<>();
		file.setContext(this.context);
		file.setFile(this.options.file().toAbsolutePath().toString());
		file.setAppend(false);
		file.setImmediateFlush(this.options.immediateFlush());
		file.setBufferSize(new FileSize(256 * 1024));
		file.setEncoder(encoder);
		return file;
	}

	private Appender<ILoggingEvent> asyncAppender(Appender<ILoggingEvent> sink) {
		AsyncAppender async = new AsyncAppender();
		async.setContext(this.context);
		async.setName("Async");
		async.setQueueSize(this.options.bufferSize());
		// Logback drops TRACE, DEBUG and INFO at 80% fill by default: 0 turns that off, as blocking is what we compare.
		async.setDiscardingThreshold(0);
		async.setNeverBlock(false);
		async.setMaxFlushTime(120_000);
		async.addAppender(sink);
		async.start();
		return async;
	}

	private Appender<ILoggingEvent> disruptorAppender(Appender<ILoggingEvent> sink) {
		LoggingEventAsyncDisruptorAppender disruptor = new LoggingEventAsyncDisruptorAppender();
		disruptor.setContext(this.context);
		disruptor.setName("LogstashAsync");
		disruptor.setRingBufferSize(this.options.bufferSize());
		// A negative timeout makes a full ring wait for room instead of dropping, its default.
		disruptor.setAppendTimeout(Duration.buildByMilliseconds(-1));
		disruptor.setShutdownGracePeriod(Duration.buildBySeconds(120));
		disruptor.addAppender(sink);
		disruptor.start();
		return disruptor;
	}

	@Override
	public void log(String message) {
		this.logger.info(message);
	}

	@Override
	public void awaitDrained(long logged) {
		awaitCounted(logged);
		if (this.asyncAppender != null) {
			until(() -> this.asyncAppender.getNumberOfElementsInQueue() == 0, "to empty its queue");
		}
	}

	@Override
	public void verify() {
		switch (this.kind) {
			case SYNC -> {
				forbidThread(THREAD_ASYNC_APPENDER);
				forbidThread(THREAD_LOGSTASH);
			}
			case ASYNC_APPENDER -> requireThread(THREAD_ASYNC_APPENDER);
			case LOGSTASH_DISRUPTOR -> requireThread(THREAD_LOGSTASH);
		}
		require(this.logger.isInfoEnabled(), "INFO enabled");
	}

	@Override
	public void close() {
		this.context.stop();
	}

}
