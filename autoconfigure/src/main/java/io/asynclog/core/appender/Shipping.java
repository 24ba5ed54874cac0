package io.asynclog.core.appender;

import io.asynclog.core.count.AppenderErrors;
import io.asynclog.core.queue.BusyClock;
import io.asynclog.core.queue.BusyShare;

import java.time.Duration;

/**
 * What an appender that ships records off the box (a kafka or an otlp appender) has done,
 * as an operator wants to see it: records handed to the client, acknowledged by the
 * destination (the broker, the collector), failed, and still waiting for an answer.
 *
 * @param system where records go: {@code kafka} or {@code otlp}
 * @param destination the topic, the endpoint, or what the system calls it
 * @param sent the records handed to the client since the appender started
 * @param acknowledged the records the destination acknowledged
 * @param failed the records that failed (each is also counted in {@link AppenderErrors})
 * @param waiting the records sent and neither acknowledged nor failed yet
 * @param waitingWithoutAnswer how long records have waited with none acknowledged or
 * failed; zero while the destination answers
 * @param lastFailure the last failure, or {@code null} if none
 * @param lane the appender's own queue in front of the client, or {@code null}
 * @param spool the records kept on disk, or {@code null} without a spool
 * @author asynclog
 */
public record Shipping(String system, String destination, long sent, long acknowledged, long failed, long waiting,
		Duration waitingWithoutAnswer, String lastFailure, Lane lane, Spool spool) {

	/** This reading with its lane's thread's busy share; this one without a lane. */
	public Shipping withLaneBusy(BusyShare share) {
		return (this.lane != null) ? new Shipping(this.system, this.destination, this.sent, this.acknowledged,
				this.failed, this.waiting, this.waitingWithoutAnswer, this.lastFailure, this.lane.withBusy(share),
				this.spool) : this;
	}

	/**
	 * Returns this reading with the lane's and the spool's.
	 * @param spool the spool's reading, or {@code null} without a spool
	 * @param withoutDelivery how long records have waited in the lane or the spool with none
	 * delivered: the wait counts from there when it is the longer
	 * @return a new reading
	 */
	public Shipping with(Lane lane, Spool spool, Duration withoutDelivery) {
		Duration longest = (withoutDelivery.compareTo(this.waitingWithoutAnswer) > 0) ? withoutDelivery
				: this.waitingWithoutAnswer;
		return new Shipping(this.system, this.destination, this.sent, this.acknowledged, this.failed, this.waiting,
				longest, this.lastFailure, lane, spool);
	}

	/** Records not delivered yet: waiting for an answer, in the lane and in the spool. */
	public long backlog() {
		long kept = (this.spool != null) ? this.spool.records() : 0;
		long queued = (this.lane != null) ? this.lane.records() : 0;
		// Records sent from the spool are in both 'waiting' and the spool until answered.
		long sentFromSpool = (this.lane != null) ? this.lane.inFlightFromSpool() : 0;
		return this.waiting + queued + kept - sentFromSpool;
	}

	/**
	 * The appender's own queue in front of the destination's client.
	 *
	 * @param records the records queued
	 * @param capacity the most records it holds
	 * @param bytes the bytes of keys and values queued
	 * @param maxBytes the most bytes it holds
	 * @param inFlight the records handed to the client and not answered yet
	 * @param inFlightFromSpool of those, the records sent from the spool, which keeps them
	 * until they are answered
	 * @param lastFailure the last failure of the lane's thread or of its spool (to open,
	 * write or read it), or {@code null}
	 * @param busy the share of a recent span the lane's thread was busy, as the endpoint
	 * reads it; {@code null} elsewhere
	 */
	public record Lane(long records, long capacity, long bytes, long maxBytes, long inFlight, long inFlightFromSpool,
			String lastFailure, BusyShare busy) {

		/** A reading of the lane itself, without its thread's busy share. */
		public Lane(long records, long capacity, long bytes, long maxBytes, long inFlight, long inFlightFromSpool,
				String lastFailure) {
			this(records, capacity, bytes, maxBytes, inFlight, inFlightFromSpool, lastFailure, null);
		}

		public Lane withBusy(BusyShare share) {
			return new Lane(this.records, this.capacity, this.bytes, this.maxBytes, this.inFlight,
					this.inFlightFromSpool, this.lastFailure, share);
		}

	}

	/**
	 * The records kept on local disk while the destination is away or slow.
	 *
	 * @param directory where they are
	 * @param records the records kept and not acknowledged yet
	 * @param bytes what the spool's files take on disk
	 * @param maxBytes the most they may take
	 * @param oldestAge how long ago the oldest record kept was logged; zero when none is kept
	 * @param keptAtStart the records a previous run left, sent first
	 * @param replayedAtStart of those, the records the previous run had handed over without
	 * an answer: they may arrive twice
	 */
	public record Spool(String directory, long records, long bytes, long maxBytes, Duration oldestAge,
			long keptAtStart, long replayedAtStart) {
	}

	/**
	 * An appender that ships records, so that the endpoint and the health can read it without
	 * knowing the backend or the client library.
	 */
	public interface Source {

		Shipping shipping();

		/** The busy clock of the appender's lane's thread, or {@code null}. */
		default BusyClock busyClock() {
			return null;
		}

	}

}
