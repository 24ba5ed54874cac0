package io.asynclog.logback.lifecycle;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.Appender;
import ch.qos.logback.core.OutputStreamAppender;
import org.slf4j.ILoggerFactory;
import org.slf4j.LoggerFactory;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.logback.config.BackendDescription;
import io.asynclog.logback.config.LogbackSetup;
import io.asynclog.logback.queue.LogRing;
import io.asynclog.logback.queue.PipelineView;

/**
 * asynclog's view of Logback: the queues and appenders of the logger context, read when asked
 * so that a reconfiguration's new rings show at the next reading.
 *
 * @author asynclog
 */
public final class LogbackBackend implements LoggingBackend {

	private final LoggerContext context;

	LogbackBackend(LoggerContext context) {
		this.context = context;
	}

	public static LoggingBackend running() {
		return new LogbackBackend(loggerContext());
	}

	public static LoggerContext loggerContext() {
		ILoggerFactory factory = LoggerFactory.getILoggerFactory();
		if (!(factory instanceof LoggerContext context)) {
			throw new IllegalStateException("SLF4J is bound to " + factory.getClass().getName() + ", not to Logback");
		}
		return context;
	}

	@Override
	public String name() {
		return "logback";
	}

	@Override
	public List<LogQueue> queues() {
		LogbackSetup setup = LogbackSetup.of(this.context);
		return (setup != null) ? PipelineView.queues(setup.rings(), setup.asyncAppenders())
				: PipelineView.of(this.context).queues();
	}

	@Override
	public List<BusyThread> busyThreads() {
		return BusyThreads.of(this.context);
	}

	@Override
	public List<LogAppender> appenders() {
		return PipelineView.of(this.context).appenders();
	}

	@Override
	public List<RemoteLane> remoteLanes() {
		List<RemoteLane> lanes = new ArrayList<>();
		for (Appender<ILoggingEvent> appender : PipelineView.of(this.context).writers()) {
			if (appender instanceof RemoteLane.Source remote) {
				lanes.add(remote.remoteLane());
			}
		}
		return lanes;
	}

	@Override
	public Mode runningMode() {
		LogbackSetup setup = LogbackSetup.of(this.context);
		return (setup != null) ? setup.mode() : null;
	}

	/** Logback's streams are unsafe to flush beside their writer: waits for each ring's own flush. */
	@Override
	public List<String> flushAppenders(long deadlineNanos) {
		LogbackSetup setup = LogbackSetup.of(this.context);
		if (setup == null) {
			return List.of();
		}
		List<String> flushed = new ArrayList<>();
		for (LogRing ring : setup.rings()) {
			if (ring.awaitFlushed(deadlineNanos)) {
				ring.delegates()
					.stream()
					.filter(OutputStreamAppender.class::isInstance)
					.forEach((appender) -> flushed.add(appender.getName()));
			}
		}
		return flushed;
	}

	@Override
	public StartupLines describe() {
		return BackendDescription.describe(this.context);
	}

}
