package io.asynclog.benchmarks.setup;

import java.util.concurrent.atomic.LongAdder;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

/**
 * A Log4j2 appender that counts events and writes nothing, so a hand-off benchmark measures
 * the hand-off and not the disk. A {@link LongAdder} keeps the synchronous setups, where several
 * callers append at once, from contending on one counter.
 */
@Plugin(name = "BenchCounting", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class BenchCountingAppender extends AbstractAppender {

	private final LongAdder count = new LongAdder();

	private BenchCountingAppender(String name) {
		super(name, null, null, true, Property.EMPTY_ARRAY);
	}

	@PluginFactory
	public static BenchCountingAppender create(@PluginAttribute("name") String name) {
		return new BenchCountingAppender(name);
	}

	@Override
	public void append(LogEvent event) {
		this.count.increment();
	}

	public long count() {
		return this.count.sum();
	}

}
