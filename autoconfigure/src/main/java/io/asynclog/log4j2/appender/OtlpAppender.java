package io.asynclog.log4j2.appender;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.logging.log4j.core.Appender;
import org.apache.logging.log4j.core.Core;
import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.Plugin;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderFactory;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;
import org.apache.logging.log4j.core.time.Instant;

import io.asynclog.core.lane.Shipment;
import io.asynclog.core.lane.otlp.OtlpRecord;
import io.asynclog.core.lane.otlp.OtlpSender;
import io.asynclog.core.lane.otlp.OtlpSettings;

/**
 * Sends each event as one OTLP log record ({@link OtlpRecord}, no layout) to an OpenTelemetry
 * Collector through an {@link OtlpSender}; headers and resource attributes are the
 * {@code Property} elements named {@code header.<name>} and {@code resource.<key>}.
 *
 * @author asynclog
 */
@Plugin(name = OtlpAppender.PLUGIN_NAME, category = Core.CATEGORY_NAME, elementType = Appender.ELEMENT_TYPE,
		printObject = true)
public final class OtlpAppender extends RemoteAppender {

	/** The plugin's name in a configuration. */
	public static final String PLUGIN_NAME = "AsyncLogOtlp";

	/** The prefix of a {@code Property} that is a header. */
	public static final String HEADER = "header.";

	/** The prefix of a {@code Property} that is a resource attribute. */
	public static final String RESOURCE = "resource.";

	private OtlpAppender(String name, Filter filter, Property[] properties, Shipment<LogEvent> shipment) {
		super(name, null, filter, properties, shipment);
	}

	@PluginBuilderFactory
	public static Builder newBuilder() {
		return new Builder();
	}

	private static OtlpRecord record(LogEvent event) {
		Instant instant = event.getInstant();
		Throwable thrown = event.getThrown();
		return new OtlpRecord(instant.getEpochSecond() * 1_000_000_000L + instant.getNanoOfSecond(),
				event.getLevel().name(), event.getLoggerName(), event.getMessage().getFormattedMessage(),
				event.getThreadName(), event.getThreadId(), (thrown != null) ? thrown.getClass().getName() : null,
				(thrown != null) ? thrown.getMessage() : null, (thrown != null) ? stackTrace(thrown) : null,
				event.getContextData().toMap());
	}

	private static String stackTrace(Throwable thrown) {
		StringWriter trace = new StringWriter();
		thrown.printStackTrace(new PrintWriter(trace));
		return trace.toString();
	}

	/** Builds an {@link OtlpAppender} from its configuration node. */
	public static final class Builder extends RemoteAppender.Builder<Builder>
			implements org.apache.logging.log4j.core.util.Builder<OtlpAppender> {

		@PluginBuilderAttribute
		@Required(message = "An AsyncLogOtlp appender needs an endpoint")
		private String endpoint;

		@PluginBuilderAttribute
		private boolean grpc;

		@PluginBuilderAttribute
		private String compression = "none";

		@PluginBuilderAttribute
		private long timeoutMillis = 10_000;

		public Builder setEndpoint(String endpoint) {
			this.endpoint = endpoint;
			return this;
		}

		public Builder setGrpc(boolean grpc) {
			this.grpc = grpc;
			return this;
		}

		public Builder setCompression(String compression) {
			this.compression = compression;
			return this;
		}

		public Builder setTimeoutMillis(long timeoutMillis) {
			this.timeoutMillis = timeoutMillis;
			return this;
		}

		@Override
		public OtlpAppender build() {
			if (!isValid()) {
				return null;
			}
			Map<String, String> headers = new LinkedHashMap<>();
			Map<String, String> resource = new LinkedHashMap<>();
			Property[] properties = (getPropertyArray() != null) ? getPropertyArray() : new Property[0];
			for (Property property : properties) {
				if (property.getName().startsWith(HEADER)) {
					headers.put(property.getName().substring(HEADER.length()), property.getValue());
				}
				else if (property.getName().startsWith(RESOURCE)) {
					resource.put(property.getName().substring(RESOURCE.length()), property.getValue());
				}
			}
			OtlpSender sender = new OtlpSender(getName(), new OtlpSettings(this.endpoint, this.grpc, headers,
					this.compression, Duration.ofMillis(this.timeoutMillis), resource));
			return new OtlpAppender(getName(), getFilter(), properties,
					shipment(sender, (lane, event) -> lane.add(record(event)), false));
		}

	}

}
