package io.asynclog.log4j2.appender;

import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;
import org.apache.logging.log4j.core.layout.PatternLayout;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.count.AppenderDrops;
import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.kafka.KafkaSender;
import io.asynclog.core.queue.ShutdownDeadline;
import io.asynclog.core.report.DrainReport;

/**
 * Sends each event, formatted by its layout, as one record to a Kafka topic;
 * asynclog builds it for {@code asynclog.appenders.<name>.type=kafka} (plugin
 * {@code AsyncLogKafka}). It formats the event and adds the record to its {@link Lane},
 * which never waits: the lane's own thread hands records to the {@link KafkaSender}, and
 * keeps them in its spool while the broker is away. So the thread that runs this appender
 * (a ring's, an AsyncAppender's or a caller's) never waits for the broker.
 * <p>
 * The producer's settings are the appender's {@code Property} elements. Events of
 * kafka-clients' own loggers are not sent: a broker that cannot be reached makes the
 * producer log, and sending that would feed the failure back into itself.
 *
 * @author asynclog
 */
@Plugin(name = KafkaAppender.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE,
		printObject = true)
public final class KafkaAppender extends AbstractAppender implements Shipping.Source {

	/**
	 * The plugin's name in a configuration.
	 */
	public static final String PLUGIN_NAME = "AsyncLogKafka";

	private static final String KAFKA_LOGGERS = "org.apache.kafka.";

	private final KafkaSender sender;

	private final Lane lane;

	private final RecordKey key;

	private final ShutdownDeadline shutdown;

	private KafkaAppender(String name, Layout<? extends Serializable> layout, Filter filter, Property[] properties,
			KafkaSender sender, Lane lane, RecordKey key, ShutdownDeadline shutdown) {
		super(name, filter, layout, true, properties);
		this.sender = sender;
		this.lane = lane;
		this.key = key;
		this.shutdown = shutdown;
	}

	/**
	 * Creates a builder, for Log4j2's plugin system.
	 * @return a new builder
	 */
	@PluginBuilderFactory
	public static Builder newBuilder() {
		return new Builder();
	}

	@Override
	public void append(LogEvent event) {
		if (!isStarted()) {
			// Log4j2 hands a stopped appender the event all the same; its producer is closed.
			// The error handler has counted it (AppenderDrops), so it is not sent to fail again.
			return;
		}
		String loggerName = event.getLoggerName();
		if (loggerName != null && loggerName.startsWith(KAFKA_LOGGERS)) {
			return;
		}
		this.lane.add(this.key.of(event), getLayout().toByteArray(event));
	}

	@Override
	public Shipping shipping() {
		return this.lane.reading(this.sender.reading());
	}

	@Override
	public void start() {
		this.lane.start();
		super.start();
	}

	/**
	 * Returns the sender, for reading its counts.
	 * @return the sender
	 */
	public KafkaSender getSender() {
		return this.sender;
	}

	/**
	 * Returns the topic records go to.
	 * @return the topic
	 */
	public String getTopic() {
		return this.sender.topic();
	}

	@Override
	public boolean stop(long timeout, TimeUnit timeUnit) {
		setStopping();
		// By the configuration's shutdown deadline, which the queues in front drained against.
		Lane.StopReport stopped = this.lane.stop(System.nanoTime() + this.shutdown.remainingNanos());
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(stopped).forEach(DrainReport::print);
		setStopped();
		return true;
	}

	/**
	 * The key of each record: none, fixed bytes, or a pattern formatted per event.
	 */
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

	/**
	 * Builds a {@link KafkaAppender} from its configuration node.
	 */
	public static final class Builder extends AbstractAppender.Builder<Builder>
			implements org.apache.logging.log4j.core.util.Builder<KafkaAppender> {

		@PluginBuilderAttribute
		@Required(message = "An AsyncLogKafka appender needs a topic")
		private String topic;

		@PluginBuilderAttribute
		@Required(message = "An AsyncLogKafka appender needs bootstrapServers")
		private String bootstrapServers;

		@PluginBuilderAttribute
		private String key;

		@PluginBuilderAttribute
		private long closeTimeoutMillis = 10_000;

		@PluginBuilderAttribute
		private int laneCapacity = 65536;

		@PluginBuilderAttribute
		private long laneMaxBytes = 16L * 1024 * 1024;

		@PluginBuilderAttribute
		private String spoolDirectory;

		@PluginBuilderAttribute
		private long spoolMaxBytes = 1024L * 1024 * 1024;

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

		public Builder setCloseTimeoutMillis(long closeTimeoutMillis) {
			this.closeTimeoutMillis = closeTimeoutMillis;
			return this;
		}

		public Builder setLaneCapacity(int laneCapacity) {
			this.laneCapacity = laneCapacity;
			return this;
		}

		public Builder setLaneMaxBytes(long laneMaxBytes) {
			this.laneMaxBytes = laneMaxBytes;
			return this;
		}

		public Builder setSpoolDirectory(String spoolDirectory) {
			this.spoolDirectory = spoolDirectory;
			return this;
		}

		public Builder setSpoolMaxBytes(long spoolMaxBytes) {
			this.spoolMaxBytes = spoolMaxBytes;
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
			ShutdownDeadline shutdown = ShutdownCutoff.deadlineOf(getConfiguration(),
					Duration.ofMillis(this.closeTimeoutMillis));
			Path spool = (this.spoolDirectory != null && !this.spoolDirectory.isEmpty()) ? Path.of(this.spoolDirectory)
					: null;
			Lane lane = new Lane(getName(), sender,
					new Lane.Settings(this.laneCapacity, this.laneMaxBytes, spool, this.spoolMaxBytes));
			return new KafkaAppender(getName(), layout, getFilter(), properties, sender, lane,
					RecordKey.of(this.key, getConfiguration()), shutdown);
		}

	}

}
