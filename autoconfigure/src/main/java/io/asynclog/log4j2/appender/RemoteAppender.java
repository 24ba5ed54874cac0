package io.asynclog.log4j2.appender;

import java.io.Serializable;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.logging.log4j.core.Filter;
import org.apache.logging.log4j.core.Layout;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.config.plugins.PluginBuilderAttribute;
import org.apache.logging.log4j.core.config.plugins.validation.constraints.Required;

import io.asynclog.core.lane.Lane;
import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Sender;
import io.asynclog.core.lane.Shipment;
import io.asynclog.core.report.DrainReport;

/**
 * An appender that ships records off the box: Log4j2's side of a {@link Shipment}, which
 * hands records to the lane's own thread, never to the network. Subclasses say how an event
 * becomes a record.
 *
 * @author asynclog
 */
public abstract class RemoteAppender extends AbstractAppender implements RemoteLane.Source {

	private final Shipment<LogEvent> shipment;

	protected RemoteAppender(String name, Layout<? extends Serializable> layout, Filter filter,
			Property[] properties, Shipment<LogEvent> shipment) {
		super(name, filter, layout, true, properties);
		this.shipment = shipment;
	}

	@Override
	public final void append(LogEvent event) {
		// Log4j2 hands a stopped appender the event all the same; its client is closed. The
		// error handler has counted it (AppenderDrops), so it is not sent to fail again.
		if (isStarted()) {
			this.shipment.add(event.getLoggerName(), event);
		}
	}

	@Override
	public RemoteLane remoteLane() {
		return this.shipment.remoteLane();
	}

	@Override
	public void start() {
		this.shipment.start();
		super.start();
	}

	@Override
	public boolean stop(long timeout, TimeUnit timeUnit) {
		setStopping();
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(this.shipment.stop()).forEach(DrainReport::print);
		setStopped();
		return true;
	}

	/**
	 * The settings every remote appender's plugin takes: its lane and how long its stop may send.
	 * @param <B> the builder's own type
	 */
	public abstract static class Builder<B extends Builder<B>> extends AbstractAppender.Builder<B> {

		@PluginBuilderAttribute
		private long closeTimeoutMillis = 10_000;

		/** {@link Lane.Settings#asText()}, as asynclog's configuration writes it. */
		@PluginBuilderAttribute
		@Required(message = "A remote appender needs its lane settings")
		private String lane;

		public B setCloseTimeoutMillis(long closeTimeoutMillis) {
			this.closeTimeoutMillis = closeTimeoutMillis;
			return asBuilder();
		}

		public B setLane(String lane) {
			this.lane = lane;
			return asBuilder();
		}

		/** The shipping, not started; {@code formatOffThread} formats snapshots on a thread of their own. */
		protected Shipment<LogEvent> shipment(Sender sender, Shipment.Records<LogEvent> records,
				boolean formatOffThread) {
			return new Shipment<>(sender, Lane.Settings.parse(this.lane),
					ShutdownCutoff.deadlineOf(getConfiguration(), Duration.ofMillis(this.closeTimeoutMillis)), records,
					formatOffThread ? EventSnapshot::of : null);
		}

	}

}
