package io.asynclog.bothbackends.log4j2;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginFactory;
import org.springframework.boot.logging.LogLevel;

import io.asynclog.bothbackends.Recorder;

/**
 * A Log4j2 appender that hands each event to the {@link Recorder} of its name. Declared
 * in {@code log4j2-recording.xml}, so that asynclog sets it up like any appender of a
 * user's file (behind the ring, or wrapped in an AsyncAppender).
 */
@Plugin(name = "AsyncLogTestRecording", category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE)
public final class RecordingLog4j2Appender extends AbstractAppender {

	private RecordingLog4j2Appender(String name) {
		super(name, null, null, true, Property.EMPTY_ARRAY);
	}

	/**
	 * Creates the appender from its configuration element.
	 * @param name the appender's name
	 * @return the appender
	 */
	@PluginFactory
	public static RecordingLog4j2Appender create(@PluginAttribute("name") String name) {
		return new RecordingLog4j2Appender(name);
	}

	@Override
	public void append(LogEvent event) {
		Recorder.named(getName())
			.append(LogLevel.valueOf(event.getLevel().name()), event.getMessage().getFormattedMessage());
	}

}
