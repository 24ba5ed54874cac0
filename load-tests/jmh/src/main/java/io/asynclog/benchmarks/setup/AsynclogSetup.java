package io.asynclog.benchmarks.setup;

import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.Logger;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerConfig;
import org.apache.logging.log4j.core.config.LoggerConfig;

import io.asynclog.log4j2.queue.QueueProbe;

/**
 * asynclog on Log4j2. With meters the exact {@code log4j2.events} filter runs too, optionally
 * with the delivery-lag probe switched off; without meters the probe is off.
 */
final class AsynclogSetup extends AsynclogBoot {

	private final LoggerContext context;

	private final Logger logger;

	AsynclogSetup(String name, boolean meters, boolean lagProbe, SetupOptions options) {
		super(name, options, Backend.LOG4J2, meters, options.waitStrategy(), lagProbe, sinkArguments(options));
		this.context = (LoggerContext) LogManager.getContext(false);
		this.logger = this.context.getLogger("io.asynclog.benchmarks.Bench");
		countLog4jSink(this.context.getConfiguration());
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
	public void verify() {
		LoggerConfig root = this.context.getConfiguration().getRootLogger();
		require(root instanceof AsyncLoggerConfig, "an async root logger");
		requireThread("AsyncLoggerConfig-");
		// Logback's ring would be asynclog's too, under another name: one library per fork.
		forbidThread(AsynclogLogbackSetup.THREAD_PREFIX);
		// The probe is there with the lag off too: it is also where the queue counts what a shutdown
		// cuts off. Off, it measures nothing (asynclog.metrics.delivery-lag=false).
		require(root.getAppenders().values().stream().anyMatch(QueueProbe.class::isInstance),
				"a delivery-lag probe at the root");
		requireRingAndMeters();
	}

	@Override
	public void close() {
		this.application.close();
		this.context.stop(120, TimeUnit.SECONDS);
	}

}
