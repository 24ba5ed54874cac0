package io.asynclog.log4j2.appender;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;
import org.apache.logging.log4j.core.layout.PatternLayout;

import io.asynclog.core.lane.FormatStage;
import io.asynclog.core.lane.Shipment;
import io.asynclog.core.lane.kafka.KafkaSender;

/**
 * Sends each event, formatted by its layout, as one record to a Kafka topic, through a
 * {@link KafkaSender} configured by the {@code Property} elements. A structured layout formats
 * a snapshot of the event on a {@link FormatStage}, in order, on a second core.
 *
 * @author asynclog
 */
@Plugin(name = KafkaAppender.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE,
		printObject = true)
public final class KafkaAppender extends RemoteAppender {

	/** The plugin's name in a configuration. */
	public static final String PLUGIN_NAME = "AsyncLogKafka";

	private KafkaAppender(String name, Layout<? extends Serializable> layout, Filter filter, Property[] properties,
			Shipment<LogEvent> shipment) {
		super(name, layout, filter, properties, shipment);
	}

	@PluginBuilderFactory
	public static Builder newBuilder() {
		return new Builder();
	}

	/** The key of each record: none, fixed bytes, or a pattern formatted per event. */
	private interface RecordKey {

		byte[] of(LogEvent event);

		static RecordKey of(String key, org.apache.logging.log4j.core.config.Configuration configuration) {
			if (key == null || key.isEmpty()) {
				return (event) -> null;
			}
			if (key.indexOf('%') < 0 && key.indexOf('$') < 0) {
				byte[] fixed = key.getBytes(StandardCharsets.UTF_8);
				return (event) -> fixed;
			}
			PatternLayout layout = PatternLayout.newBuilder()
				.withPattern(key)
				.withConfiguration(configuration)
				.withCharset(StandardCharsets.UTF_8)
				.build();
			// An empty key (an MDC entry not set) would send every such record to one
			// partition: no key lets the producer spread them.
			return (event) -> {
				byte[] formatted = layout.toByteArray(event);
				return (formatted.length > 0) ? formatted : null;
			};
		}

	}

	/** Builds a {@link KafkaAppender} from its configuration node. */
	public static final class Builder extends RemoteAppender.Builder<Builder>
			implements org.apache.logging.log4j.core.util.Builder<KafkaAppender> {

		@PluginBuilderAttribute
		@Required(message = "An AsyncLogKafka appender needs a topic")
		private String topic;

		@PluginBuilderAttribute
		@Required(message = "An AsyncLogKafka appender needs bootstrapServers")
		private String bootstrapServers;

		@PluginBuilderAttribute
		private String key;

		public Builder setTopic(String topic) {
			this.topic = topic;
			return this;
		}

		public Builder setBootstrapServers(String bootstrapServers) {
			this.bootstrapServers = bootstrapServers;
			return this;
		}

		public Builder setKey(String key) {
			this.key = key;
			return this;
		}

		@Override
		public KafkaAppender build() {
			if (!isValid()) {
				return null;
			}
			Map<String, String> overrides = new LinkedHashMap<>();
			Property[] properties = (getPropertyArray() != null) ? getPropertyArray() : new Property[0];
			for (Property property : properties) {
				overrides.put(property.getName(), property.getValue());
			}
			KafkaSender sender = new KafkaSender(getName(), this.topic,
					KafkaSender.producerSettings(this.bootstrapServers, overrides));
			Layout<? extends Serializable> layout = getOrCreateLayout(StandardCharsets.UTF_8);
			RecordKey key = RecordKey.of(this.key, getConfiguration());
			// A pattern costs the ring's thread less than a snapshot of the event would; a
			// structured layout (Spring Boot's JSON) costs several times more.
			Shipment<LogEvent> shipment = shipment(sender,
					(lane, event) -> lane.add(key.of(event), layout.toByteArray(event)),
					!(layout instanceof PatternLayout));
			return new KafkaAppender(getName(), layout, getFilter(), properties, shipment);
		}

	}

}
