package io.asynclog.core.lane;

import io.asynclog.core.appender.Shipping;
import io.asynclog.core.queue.BusyClock;

/**
 * A running remote appender's lane and the sender behind it, as the Spring side reads them
 * (the shipping meters, the endpoint, the health): found through the backend, from the
 * appenders of the configuration that runs, never kept anywhere else.
 *
 * @param appender the appender's name
 * @param lane its lane, which an operator pauses and resumes
 * @param sender its sender, whose counts the meters read
 * @author asynclog
 */
public record RemoteLane(String appender, Lane lane, Sender sender) {

	/** The appender's shipping now: the sender's counts, the lane and the spool. */
	public Shipping reading() {
		return this.lane.reading(this.sender.reading());
	}

	/** A remote appender of either backend, found among the appenders that run. */
	public interface Source extends Shipping.Source {

		RemoteLane remoteLane();

		@Override
		default Shipping shipping() {
			return remoteLane().reading();
		}

		@Override
		default BusyClock busyClock() {
			return remoteLane().lane().busyClock();
		}

	}

}
