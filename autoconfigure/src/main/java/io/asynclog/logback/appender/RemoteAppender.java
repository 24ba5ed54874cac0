package io.asynclog.logback.appender;

import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.UnsynchronizedAppenderBase;
import ch.qos.logback.core.spi.LifeCycle;

import io.asynclog.core.lane.RemoteLane;
import io.asynclog.core.lane.Shipment;
import io.asynclog.core.report.DrainReport;

/**
 * An appender that ships records off the box: Logback's side of a {@link Shipment}, which
 * hands records to the lane's own thread, never to the network. Subclasses say how an event
 * becomes a record.
 * <p>
 * Unsynchronized, as Logback's own output stream appenders are: the lane takes records from
 * any number of threads.
 *
 * @author asynclog
 */
public abstract class RemoteAppender extends UnsynchronizedAppenderBase<ILoggingEvent>
		implements RemoteLane.Source {

	private final Shipment<ILoggingEvent> shipment;

	private final LifeCycle[] formatters;

	/** Creates an appender to start; the formatters are stopped once the lane has stopped. */
	protected RemoteAppender(Shipment<ILoggingEvent> shipment, LifeCycle... formatters) {
		this.shipment = shipment;
		this.formatters = formatters;
	}

	@Override
	protected final void append(ILoggingEvent event) {
		this.shipment.add(event.getLoggerName(), event);
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
	public void stop() {
		if (!isStarted()) {
			return;
		}
		super.stop();
		// On standard error, with asynclog's other shutdown reports: logging is stopping.
		DrainReport.laneStopped(this.shipment.stop()).forEach(DrainReport::print);
		for (LifeCycle formatter : this.formatters) {
			if (formatter != null) {
				formatter.stop();
			}
		}
	}

}
