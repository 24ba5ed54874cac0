package io.asynclog.log4j2.metrics;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;

/**
 * Reads the counters the tests compare with what they logged.
 */
final class MeterReadings {

	private MeterReadings() {
	}

	/**
	 * Events a queue dropped at a level; 0 while the queue has no meters yet.
	 */
	static double dropped(MeterRegistry registry, String queue, String level) {
		return registry.find("asynclog.events.dropped")
			.tag("queue", queue)
			.tag("level", level)
			.functionCounters()
			.stream()
			.mapToDouble(FunctionCounter::count)
			.sum();
	}

	/**
	 * Spring Boot's {@code log4j2.events} count of a level.
	 */
	static double events(MeterRegistry registry, String level) {
		return registry.get("log4j2.events").tag("level", level).functionCounter().count();
	}

}
