package io.asynclog.log4j2.appender;

import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.Configuration;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginConfiguration;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.apache.logging.log4j.core.filter.AbstractFilter;

/**
 * Sits on each reference from a queue to an appender and refuses every event once the
 * {@link ShutdownCutoff} is engaged. It counts nothing: the queue's exit counts each event once.
 *
 * @author asynclog
 */
@Plugin(name = CutoffFilter.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Filter.ELEMENT_TYPE)
public final class CutoffFilter extends AbstractFilter {

	/** The plugin name under which a configuration's node tree refers to the filter. */
	public static final String PLUGIN_NAME = "AsyncLogShutdownCutoff";

	private final ShutdownCutoff cutoff;

	private CutoffFilter(ShutdownCutoff cutoff) {
		super(Result.NEUTRAL, Result.NEUTRAL);
		this.cutoff = cutoff;
	}

	@PluginFactory
	public static CutoffFilter create(@PluginConfiguration Configuration configuration) {
		return new CutoffFilter(ShutdownCutoff.of(configuration));
	}

	@Override
	public Result filter(LogEvent event) {
		return this.cutoff.isEngaged() ? Result.DENY : Result.NEUTRAL;
	}

}
