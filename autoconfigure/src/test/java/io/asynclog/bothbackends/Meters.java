package io.asynclog.bothbackends;

import io.micrometer.core.instrument.Measurement;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Statistic;

/**
 * Reads counters whichever kind of meter a backend registers them as: Micrometer's
 * Logback binder registers {@code logback.events} as counters, asynclog's exact Log4j2
 * counter {@code log4j2.events} as function counters.
 */
final class Meters {

	private Meters() {
	}

	/**
	 * Returns the count of the one meter with the given name and tag.
	 * @param registry the registry
	 * @param name the meter's name
	 * @param tag a tag's key
	 * @param value the tag's value
	 * @return the count
	 */
	static double count(MeterRegistry registry, String name, String tag, String value) {
		Meter meter = registry.get(name).tag(tag, value).meter();
		double count = 0;
		for (Measurement measurement : meter.measure()) {
			if (measurement.getStatistic() == Statistic.COUNT) {
				count += measurement.getValue();
			}
		}
		return count;
	}

}
