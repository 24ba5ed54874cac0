package io.asynclog.benchmarks.setup;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AsyncAppender;
import org.apache.logging.log4j.core.async.AsyncLogger;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContextSelector;
import org.apache.logging.log4j.core.config.Configurator;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;

/**
 * Log4j2 set up from a hand-written XML file under {@code log4j2/}, the way a user without
 * asynclog would.
 */
final class Log4jSetup extends LibrarySetup {

	private static final String THREAD_ASYNC_APPENDER = "AsyncAppenderEventDispatcher";

	private static final String THREAD_ASYNC_LOGGER_CONFIG = "AsyncLoggerConfig-";

	private static final String THREAD_ALL_ASYNC = "AsyncLogger[";

	enum Kind {

		SYNC("sync.xml"), DISABLED("sync.xml"), ASYNC_APPENDER("async-appender.xml"), ASYNC_ROOT("async-root.xml"),
		ALL_ASYNC("sync.xml");

		private final String file;

		Kind(String file) {
			this.file = file;
		}

	}

	private final Kind kind;

	private final LoggerContext context;

	private final Logger logger;

	Log4jSetup(String name, Kind kind, SetupOptions options) {
		super(name, options);
		this.kind = kind;
		applyXmlProperties(options, (kind == Kind.DISABLED) ? "off" : "info");
		String size = Integer.toString(options.bufferSize());
		System.setProperty("log4j2.asyncLoggerRingBufferSize", size);
		System.setProperty("log4j2.asyncLoggerConfigRingBufferSize", size);
		if (!List.of("timeout", "block", "sleep", "yield").contains(options.waitStrategy())) {
			throw new IllegalArgumentException("Unknown wait strategy '" + options.waitStrategy()
					+ "'; accepted: timeout, block, sleep, yield");
		}
		// Log4j2 spells asynclog's names with a capital: Timeout, Block, Sleep, Yield.
		String waitStrategy = options.waitStrategy().substring(0, 1).toUpperCase(Locale.ROOT)
				+ options.waitStrategy().substring(1);
		System.setProperty("log4j2.asyncLoggerWaitStrategy", waitStrategy);
		System.setProperty("log4j2.asyncLoggerConfigWaitStrategy", waitStrategy);
		if (kind == Kind.ALL_ASYNC) {
			// Read once, on the first LogManager call of this JVM: each setup runs in a fork of its own.
			System.setProperty("log4j2.contextSelector", AsyncLoggerContextSelector.class.getName());
		}
		this.context = Configurator.initialize("bench", getClass().getClassLoader(), "classpath:log4j2/" + kind.file);
		this.logger = this.context.getLogger("io.asynclog.benchmarks.Bench");
		countLog4jSink(this.context.getConfiguration());
	}

	/** Sets the system properties the XML files under {@code log4j2/} read, before the context starts. */
	static void applyXmlProperties(SetupOptions options, String level) {
		System.setProperty("bench.sink", options.sink().name().toLowerCase(Locale.ROOT));
		System.setProperty("bench.file", options.file().toAbsolutePath().toString());
		System.setProperty("bench.flush", Boolean.toString(options.immediateFlush()));
		System.setProperty("bench.pattern", options.pattern());
		System.setProperty("bench.buffer", Integer.toString(options.bufferSize()));
		System.setProperty("bench.location", Boolean.toString(options.includeLocation()));
		System.setProperty("bench.level", level);
	}

	@Override
	public void log(String message) {
		this.logger.info(message);
	}

	@Override
	public void awaitDrained(long logged) {
		if (this.kind != Kind.DISABLED) {
			awaitCounted(logged);
		}
		until(() -> queues().stream().allMatch((queue) -> queue[0] == queue[1]), "to empty its queue");
	}

	/** Capacity and remaining slots of each queue. */
	private List<long[]> queues() {
		List<long[]> queues = new ArrayList<>();
		if (this.context instanceof AsyncLoggerContext asyncContext) {
			RingBufferAdmin admin = asyncContext.createRingBufferAdmin();
			queues.add(new long[] { admin.getBufferSize(), admin.getRemainingCapacity() });
		}
		LoggerConfig root = this.context.getConfiguration().getRootLogger();
		if (root instanceof AsyncLoggerConfig asyncRoot) {
			RingBufferAdmin admin = asyncRoot.createRingBufferAdmin(this.context.getName());
			queues.add(new long[] { admin.getBufferSize(), admin.getRemainingCapacity() });
		}
		for (Appender appender : this.context.getConfiguration().getAppenders().values()) {
			if (appender instanceof AsyncAppender async) {
				queues.add(new long[] { async.getQueueCapacity(), async.getQueueRemainingCapacity() });
			}
		}
		return queues;
	}

	@Override
	public void verify() {
		LoggerConfig root = this.context.getConfiguration().getRootLogger();
		switch (this.kind) {
			case SYNC -> {
				require(!(root instanceof AsyncLoggerConfig) && !(this.logger instanceof AsyncLogger),
						"a synchronous root logger");
				forbidThread(THREAD_ASYNC_LOGGER_CONFIG);
				forbidThread(THREAD_ALL_ASYNC);
			}
			case DISABLED -> require(!this.logger.isEnabled(Level.INFO), "INFO turned off");
			case ASYNC_APPENDER -> {
				require(this.context.getConfiguration().getAppender("Async") instanceof AsyncAppender,
						"an AsyncAppender named Async");
				requireThread(THREAD_ASYNC_APPENDER);
			}
			case ASYNC_ROOT -> {
				require(root instanceof AsyncLoggerConfig, "an AsyncRoot");
				requireThread(THREAD_ASYNC_LOGGER_CONFIG);
			}
			case ALL_ASYNC -> {
				require(this.logger instanceof AsyncLogger, "AsyncLogger instances from the context selector");
				requireThread(THREAD_ALL_ASYNC);
			}
		}
		require(this.queues().stream().allMatch((queue) -> queue[0] >= this.options.bufferSize()),
				"queues of at least " + this.options.bufferSize() + " slots");
	}

	@Override
	void require(boolean condition, String what) {
		super.require(condition, what + " (root " + this.context.getConfiguration().getRootLogger().getClass().getSimpleName()
				+ ", logger " + this.logger.getClass().getSimpleName() + ")");
	}

	@Override
	public void close() {
		Configurator.shutdown(this.context, 120, TimeUnit.SECONDS);
	}

}
