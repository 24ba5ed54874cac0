package io.asynclog.benchmarks.setup;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;
import org.springframework.context.ConfigurableApplicationContext;

import io.asynclog.log4j2.queue.PipelineView;
import io.asynclog.log4j2.queue.QueueProbe;

/**
 * asynclog's {@code async-logger} mode, built by a real Spring Boot start-up from {@code asynclog.*}
 * properties: the starter's own configuration code, nothing written by hand. With meters, every
 * auto-configuration runs (Micrometer's simple registry, the queue monitor, the delivery-lag
 * probe, the exact {@code log4j2.events} filter), optionally with the probe switched off;
 * without, none does and the probe is switched off.
 */
final class AsynclogSetup extends LibrarySetup {

	private static final String LOG4J_SLF4J_FACTORY = "org.apache.logging.slf4j.Log4jLoggerFactory";

	private final boolean meters;

	private final ConfigurableApplicationContext application;

	private final LoggerContext context;

	private final Logger logger;

	private AsynclogSetup(String name, boolean meters, boolean lagProbe, SetupOptions options) {
		super(name, options);
		this.meters = meters;
		// Logback is in this jar too, for its own setups: tell Spring Boot and SLF4J which one runs here.
		System.setProperty("org.springframework.boot.logging.LoggingSystem",
				"org.springframework.boot.logging.log4j2.Log4J2LoggingSystem");
		System.setProperty("slf4j.provider", "org.apache.logging.slf4j.SLF4JServiceProvider");
		this.application = AsynclogBoot.start(meters, options, options.waitStrategy(), lagProbe, sinkArguments(options));
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!LOG4J_SLF4J_FACTORY.equals(factory.getClass().getName())) {
			throw new IllegalStateException(name + " should log through Log4j2, but SLF4J is bound to "
					+ factory.getClass().getName() + ": a Logback setup ran in this JVM before it (run one setup per fork)");
		}
		this.context = (LoggerContext) LogManager.getContext(false);
		this.logger = this.context.getLogger("io.asynclog.benchmarks.Bench");
		this.deliveries = Deliveries.ofLog4j(name, this.context.getConfiguration(), options.file());
	}

	static AsynclogSetup start(String name, boolean meters, boolean lagProbe, SetupOptions options) {
		return new AsynclogSetup(name, meters, lagProbe, options);
	}

	private static List<String> sinkArguments(SetupOptions options) {
		if (options.sink() == Sink.COUNTING) {
			// A plain synchronous file, as a user might have: asynclog turns its root async.
			return List.of("--logging.config=classpath:log4j2/sync.xml");
		}
		// The root writes to the sink alone: an asynclog appender would otherwise be one more
		// destination beside Spring Boot's console.
		return List.of("--asynclog.appenders.sink.type=file",
				"--asynclog.appenders.sink.file-name=" + options.file().toAbsolutePath(),
				"--asynclog.appenders.sink.pattern=" + options.pattern(),
				"--asynclog.appenders.sink.immediate-flush=" + options.immediateFlush(),
				"--asynclog.loggers.root.appenders=sink");
	}

	@Override
	public void log(String message) {
		this.logger.info(message);
	}

	@Override
	public void awaitDrained(long logged) {
		this.deliveries.awaitCounted(logged);
		Waits.until(() -> PipelineView.queues(this.context).stream().allMatch((queue) -> queue.used() == 0),
				this.name + " to empty its queue");
	}

	@Override
	public void verify() {
		LoggerConfig root = this.context.getConfiguration().getRootLogger();
		require(root instanceof AsyncLoggerConfig, "an async root logger");
		Waits.requireThread("AsyncLoggerConfig-", this.name);
		// Logback's ring would be asynclog's too, under another name: one library per fork.
		Waits.forbidThread(AsynclogLogbackSetup.THREAD_PREFIX, this.name);
		require(PipelineView.queues(this.context).stream().allMatch((queue) -> queue.capacity() >= this.options.bufferSize()),
				"a ring of at least " + this.options.bufferSize() + " slots");
		// The probe is there with the lag off too: it is also where the queue counts what a shutdown
		// cuts off. Off, it measures nothing (asynclog.metrics.delivery-lag=false, set by AsynclogBoot).
		require(root.getAppenders().values().stream().anyMatch(QueueProbe.class::isInstance),
				"a delivery-lag probe at the root");
		require(AsynclogBoot.hasMeterRegistry(this.application) == this.meters, (this.meters ? "a" : "no") + " meter registry");
	}

	private void require(boolean condition, String what) {
		if (!condition) {
			throw new IllegalStateException(this.name + " should have " + what + ", but does not (root: "
					+ this.context.getConfiguration().getRootLogger().getClass().getSimpleName() + ")");
		}
	}

	@Override
	public void close() {
		this.application.close();
		this.context.stop(120, TimeUnit.SECONDS);
	}

}
