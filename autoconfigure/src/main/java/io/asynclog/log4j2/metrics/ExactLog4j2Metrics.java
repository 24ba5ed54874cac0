package io.asynclog.log4j2.metrics;

import java.beans.PropertyChangeListener;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.binder.BaseUnits;
import io.micrometer.core.instrument.binder.logging.Log4j2Metrics;
import io.micrometer.core.instrument.noop.NoopFunctionCounter;
import org.springframework.boot.logging.LogLevel;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.async.AsyncLoggerContext;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.filter.CompositeFilter;

import io.asynclog.core.backend.LevelTags;
import io.asynclog.core.queue.DroppedEvents;
import io.asynclog.core.queue.LogQueue;

/**
 * Spring Boot's {@code log4j2.events} counter, counted once per event in every mode.
 * <p>
 * Micrometer's {@link Log4j2Metrics} counts in a root-logger filter an async logger with a
 * parent runs twice per event. This keeps the meter as it is and counts through an
 * {@link EventCountingFilter}, while asynclog's configuration runs. In all-async mode the
 * queue-full drops are added, since they never reach a filter: events logged, written or not.
 *
 * @author asynclog
 */
public class ExactLog4j2Metrics extends Log4j2Metrics {

	static final String METER_NAME = "log4j2.events";

	private final LoggerContext context;

	private final boolean allAsync;

	private final EventCountingFilter filter;

	private final Set<MeterRegistry> registries = ConcurrentHashMap.newKeySet();

	private final PropertyChangeListener reconfigurationListener;

	public ExactLog4j2Metrics(LoggerContext context) {
		super(List.of(), context);
		this.context = context;
		this.allAsync = context instanceof AsyncLoggerContext;
		this.filter = new EventCountingFilter(this.allAsync);
		this.filter.start();
		this.reconfigurationListener = (event) -> {
			if (event.getNewValue() instanceof Configuration configuration && attach(configuration)) {
				this.context.updateLoggers(configuration);
			}
		};
	}

	@Override
	public void bindTo(MeterRegistry registry) {
		boolean published = false;
		for (LogLevel level : LevelTags.LEVELS) {
			FunctionCounter counter = FunctionCounter.builder(METER_NAME, this, (metrics) -> metrics.count(level))
				.tag("level", LevelTags.of(level))
				.description("Number of log events")
				.baseUnit(BaseUnits.EVENTS)
				.register(registry);
			published |= !(counter instanceof NoopFunctionCounter);
		}
		// Denied by management.metrics.enable.log4j2.events=false: no filter, no cost per event.
		if (!published) {
			return;
		}
		if (this.registries.isEmpty()) {
			Configuration configuration = this.context.getConfiguration();
			attach(configuration);
			this.context.updateLoggers(configuration);
			this.context.addPropertyChangeListener(this.reconfigurationListener);
		}
		this.registries.add(registry);
	}

	private long count(LogLevel level) {
		long counted = this.filter.count(level);
		return this.allAsync ? counted + DroppedEvents.count(LogQueue.ASYNC_LOGGER, level) : counted;
	}

	/** Adds the filter where Micrometer would; returns whether a logger changed. */
	private boolean attach(Configuration configuration) {
		boolean changed = false;
		for (LoggerConfig logger : countingLoggers(configuration)) {
			if (!hasFilter(logger)) {
				logger.addFilter(this.filter);
				changed = true;
			}
		}
		return changed;
	}

	private static List<LoggerConfig> countingLoggers(Configuration configuration) {
		LoggerConfig root = configuration.getRootLogger();
		List<LoggerConfig> loggers = new ArrayList<>();
		loggers.add(root);
		for (LoggerConfig logger : configuration.getLoggers().values()) {
			if (logger != root && !logger.isAdditive()) {
				loggers.add(logger);
			}
		}
		return loggers;
	}

	private boolean hasFilter(LoggerConfig logger) {
		Filter existing = logger.getFilter();
		return existing == this.filter || (existing instanceof CompositeFilter composite
				&& Arrays.asList(composite.getFiltersArray()).contains(this.filter));
	}

	@Override
	public void close() {
		this.context.removePropertyChangeListener(this.reconfigurationListener);
		Configuration configuration = this.context.getConfiguration();
		for (LoggerConfig logger : countingLoggers(configuration)) {
			logger.removeFilter(this.filter);
		}
		this.context.updateLoggers(configuration);
		this.registries.clear();
	}

}
