package io.asynclog.log4j2.config;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.async.AsyncLoggerConfigDelegate;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.AbstractConfiguration;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.ConfigurationSource;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Reconfigurable;
import org.apache.logging.log4j.core.config.composite.CompositeConfiguration;
import org.apache.logging.log4j.core.jmx.RingBufferAdmin;
import org.springframework.core.env.Environment;

import io.asynclog.core.config.AsyncLogProperties.Mode;
import io.asynclog.core.config.AsyncLogProperties;
import io.asynclog.core.queue.LogQueue;
import io.asynclog.log4j2.appender.ShutdownCutoff;
import io.asynclog.log4j2.metrics.ErrorCounter;
import io.asynclog.log4j2.queue.FullRingRouting;
import io.asynclog.log4j2.queue.HaltedRingSnapshot;
import io.asynclog.log4j2.queue.PipelineView;
import io.asynclog.log4j2.queue.QueueClocks;
import io.asynclog.log4j2.queue.QueueDrain;
import io.asynclog.log4j2.queue.QueueSettings;
import io.asynclog.log4j2.queue.RingBufferOwner;
import io.asynclog.log4j2.queue.TimedWaitStrategyFactory;

/**
 * A Log4j2 configuration (Spring Boot's default or the user's file, with any
 * {@code logging.log4j2.config.override} files) made asynchronous as {@code asynclog.*} says.
 * <p>
 * A composite: Log4j2 merges the wrapped files' node trees as Spring Boot's own composite
 * would, and this rewrites the one merged tree before any logger or appender exists, so an
 * override file is treated exactly as the main one. It also keeps run-time level changes from
 * turning on location capture, makes every appender count its failures, and drains the queues
 * when it stops.
 *
 * @author asynclog
 */
public final class AsyncLogConfiguration extends CompositeConfiguration
		implements RingBufferOwner, HaltedRingSnapshot.Listener, ShutdownCutoff.Owner, QueueClocks.Owner {

	private final List<AbstractConfiguration> bases;

	private final AsyncLogProperties properties;

	private final Mode mode;

	private final Environment environment;

	private volatile RingBufferAdmin ringBufferAdmin;

	private volatile RingBufferAdmin contextRingBufferAdmin;

	private volatile FullRingRouting fullRingRouting;

	private final ShutdownCutoff shutdownCutoff;

	private volatile QueueDrain drain;

	private final QueueClocks queueClocks = new QueueClocks();

	public AsyncLogConfiguration(AbstractConfiguration base, AsyncLogProperties properties, Mode mode,
			Environment environment) {
		this(List.of(base), properties, mode, environment);
	}

	/** Wraps several configurations, merged in this order: the main one first. */
	AsyncLogConfiguration(List<AbstractConfiguration> bases, AsyncLogProperties properties, Mode mode,
			Environment environment) {
		super(List.copyOf(bases));
		this.bases = List.copyOf(bases);
		this.properties = properties;
		this.mode = mode;
		this.environment = environment;
		this.shutdownCutoff = new ShutdownCutoff(properties.getShutdownTimeout());
	}

	/** The first file's, so that Spring Boot still recognises a {@code log4j2-spring.xml} and reloads it. */
	@Override
	public ConfigurationSource getConfigurationSource() {
		return this.bases.get(0).getConfigurationSource();
	}

	@Override
	public void setup() {
		super.setup();
		// Arbiters (Select, SpringProfile, ...) would otherwise hide appenders and loggers from the
		// rewriter; Log4j2 resolves them later in doConfigure, and finds none left.
		processConditionals(getRootNode());
		new ConfigurationWriter(new Nodes(getPluginManager()), this.properties, this.mode, this.environment,
				isSpringBootDefault())
			.rewrite(getRootNode());
	}

	private boolean isSpringBootDefault() {
		String location = getConfigurationSource().getLocation();
		return location != null && location.contains("org/springframework/boot/logging/log4j2/");
	}

	/** Makes every appender count its failures before it starts, as Log4j2 asks of an error handler. */
	@Override
	protected void doConfigure() {
		super.doConfigure();
		getAppenders().values().forEach(AsyncLogConfiguration::countFailures);
	}

	@Override
	public void addAppender(Appender appender) {
		if (appender != null) {
			countFailures(appender);
		}
		super.addAppender(appender);
	}

	private static void countFailures(Appender appender) {
		if (PipelineView.writes(appender)) {
			ErrorCounter.install(appender);
		}
	}

	@Override
	public void start() {
		super.start();
		if (PipelineView.hasAsyncLoggers(this)) {
			// The admin holds on to this configuration's ring buffer: reading it later, even
			// after a reconfiguration replaced the ring, never touches a stopped Disruptor.
			this.ringBufferAdmin = getAsyncLoggerConfigDelegate().createRingBufferAdmin(getLoggerContext().getName(),
					"");
			if (getAsyncWaitStrategyFactory() instanceof TimedWaitStrategyFactory timed && timed.clock() != null) {
				this.queueClocks.put(LogQueue.ASYNC_LOGGER, timed.clock());
			}
		}
		if (getLoggerContext() instanceof AsyncLoggerContext asyncContext) {
			// Log4j2 forgets the all-async ring once it stops it; the admin keeps it readable,
			// so that what the stop gave up can still be counted.
			this.contextRingBufferAdmin = asyncContext.createRingBufferAdmin();
		}
	}

	/** The ring with asynclog's full-ring routing; Log4j2 still starts and stops it. */
	@Override
	public AsyncLoggerConfigDelegate getAsyncLoggerConfigDelegate() {
		FullRingRouting routing = this.fullRingRouting;
		if (routing == null) {
			routing = new FullRingRouting(super.getAsyncLoggerConfigDelegate(), this,
					QueueSettings.create(this.properties));
			this.fullRingRouting = routing;
		}
		return routing;
	}

	@Override
	public synchronized void addLogger(String loggerName, LoggerConfig loggerConfig) {
		super.addLogger(loggerName, RuntimeLevelLoggerConfig.replacing(loggerConfig, this));
	}

	@Override
	public boolean stop(long timeout, TimeUnit timeUnit) {
		QueueDrain drain = new QueueDrain(this, this.contextRingBufferAdmin, this.shutdownCutoff);
		this.drain = drain;
		drain.await();
		boolean stopped = super.stop(timeout, timeUnit);
		drain.reportLost();
		return stopped;
	}

	/**
	 * Drains, against the deadline of the stop that follows, before the context stops: in
	 * all-async mode Log4j2 halts the context's ring before it stops this configuration, and
	 * only a drain first keeps that ring within the shutdown timeout and its count exact.
	 */
	@Override
	public void drainBeforeContextStops() {
		QueueDrain.beforeContextStops(this, this.contextRingBufferAdmin, this.shutdownCutoff).await();
	}

	@Override
	public ShutdownCutoff shutdownCutoff() {
		return this.shutdownCutoff;
	}

	@Override
	public void ringHalted() {
		QueueDrain drain = this.drain;
		if (drain != null) {
			drain.ringHalted();
		}
	}

	/**
	 * Reloads and wraps every file again, for Log4j2's {@code monitorInterval}.
	 * @return the new configuration, a lone file as parsed when asynclog cannot wrap it, or
	 * {@code null} (Log4j2 keeps this one) when a file could not be reloaded
	 */
	@Override
	public Configuration reconfigure() {
		List<AbstractConfiguration> reloaded = new ArrayList<>();
		for (AbstractConfiguration base : this.bases) {
			Configuration again = (base instanceof Reconfigurable reconfigurable) ? reconfigurable.reconfigure() : null;
			if (again == null) {
				return null;
			}
			if (!(again instanceof AbstractConfiguration abstractConfiguration)) {
				return (this.bases.size() == 1) ? again : null;
			}
			reloaded.add(abstractConfiguration);
		}
		return new AsyncLogConfiguration(reloaded, this.properties, this.mode, this.environment);
	}

	List<String> locations() {
		return this.bases.stream().map((base) -> String.valueOf(base.getConfigurationSource().getLocation())).toList();
	}

	@Override
	public QueueClocks queueClocks() {
		return this.queueClocks;
	}

	@Override
	public RingBufferAdmin ringBufferAdmin() {
		return this.ringBufferAdmin;
	}

	AsyncLogProperties properties() {
		return this.properties;
	}

	Mode mode() {
		return this.mode;
	}

}
