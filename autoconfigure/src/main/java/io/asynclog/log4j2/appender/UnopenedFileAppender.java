package io.asynclog.log4j2.appender;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;

import io.asynclog.core.appender.UnopenedAppenders;
import io.asynclog.core.count.AppenderErrors;

/**
 * Stands in for a file appender that could not open its file when
 * {@code asynclog.appender-start-failure=warn} started the application anyway (Log4j2 would
 * drop its events uncounted): every event is counted in {@link AppenderErrors}.
 *
 * @author asynclog
 * @see UnopenedAppenders
 */
@Plugin(name = UnopenedFileAppender.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class UnopenedFileAppender extends AbstractAppender {

	/** The plugin's name in a configuration. */
	public static final String PLUGIN_NAME = "AsyncLogUnopenedFile";

	private final String fileName;

	private final AppenderErrors.Failures failures;

	private UnopenedFileAppender(String name, String fileName) {
		super(name, null, null, true, Property.EMPTY_ARRAY);
		this.fileName = fileName;
		this.failures = AppenderErrors.forAppender(name);
	}

	@PluginFactory
	public static UnopenedFileAppender create(@PluginAttribute("name") String name,
			@PluginAttribute("fileName") String fileName) {
		return new UnopenedFileAppender(name, fileName);
	}

	@Override
	public void append(LogEvent event) {
		this.failures.record();
	}

	public String getFileName() {
		return this.fileName;
	}

}
