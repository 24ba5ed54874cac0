package io.asynclog.log4j2.lifecycle;

import java.util.ArrayList;
import java.util.List;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractOutputStreamAppender;
import org.springframework.core.env.Environment;

import io.asynclog.core.appender.LogAppender;
import io.asynclog.core.backend.EventsCounterReplacement;
import io.asynclog.core.backend.LoggingBackend;
import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.queue.BusyThread;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.ShutdownCutoff;
import io.asynclog.log4j2.config.BackendDescription;
import io.asynclog.log4j2.config.EffectiveMode;
import io.asynclog.log4j2.metrics.ExactLog4j2Metrics;
import io.asynclog.log4j2.queue.PipelineView;

/**
 * asynclog's view of Log4j2: the queues and appenders of the current logger context.
 *
 * @author asynclog
 */
public final class Log4j2Backend implements LoggingBackend, EventsCounterReplacement {

	private final LoggerContext context;

	private final Environment environment;

	Log4j2Backend(LoggerContext context, Environment environment) {
		this.context = context;
		this.environment = environment;
	}

	@Override
	public String name() {
		return "log4j2";
	}

	@Override
	public List<LogQueue> queues() {
		return PipelineView.queues(this.context);
	}

	@Override
	public List<BusyThread> busyThreads() {
		return BusyThreads.of(this.context);
	}

	@Override
	public List<LogAppender> appenders() {
		return PipelineView.appenders(this.context);
	}

	@Override
	public List<RemoteLane> remoteLanes() {
		List<RemoteLane> lanes = new ArrayList<>();
		for (Appender appender : this.context.getConfiguration().getAppenders().values()) {
			if (appender instanceof RemoteLane.Source remote) {
				lanes.add(remote.remoteLane());
			}
		}
		return lanes;
	}

	@Override
	public Mode runningMode() {
		return EffectiveMode.running(this.context);
	}

	/** In all-async mode Log4j2 halts the context's ring before the configuration stops: drain first. */
	@Override
	public void drainBeforeLoggingStops() {
		if (this.context.getConfiguration() instanceof ShutdownCutoff.Owner owner) {
			owner.drainBeforeContextStops();
		}
	}

	/** A stream manager's flush is synchronized with its writes, so safe beside the writing thread. */
	@Override
	public List<String> flushAppenders(long deadlineNanos) {
		List<String> flushed = new ArrayList<>();
		for (Appender appender : this.context.getConfiguration().getAppenders().values()) {
			if (appender instanceof AbstractOutputStreamAppender<?> stream && stream.isStarted()) {
				stream.getManager().flush();
				flushed.add(appender.getName());
			}
		}
		return flushed;
	}

	@Override
	public StartupLines describe() {
		return BackendDescription.describe(this.context, this.environment);
	}

	/** Micrometer's {@code log4j2.events} counts an async logger's event twice; this counts it once. */
	@Override
	public Object eventsMetrics() {
		return new ExactLog4j2Metrics(this.context);
	}

}
