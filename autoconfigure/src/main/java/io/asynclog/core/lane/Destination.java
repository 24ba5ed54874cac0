package io.asynclog.core.lane;

import java.time.Duration;

/**
 * Where a {@link Lane} sends its records: a remote system (a Kafka topic, an OTLP endpoint) reached through a
 * client that buffers, retries and answers later. Only the lane's thread calls
 * {@link #offer} and {@link #close}.
 *
 * @author asynclog
 */
public interface Destination {

	/**
	 * Hands one record to the client without waiting for room or for the destination.
	 * @param record the record
	 * @param outcome told, later and on the client's thread, whether the destination took it
	 * @return what became of the record now
	 */
	Offer offer(LaneRecord record, Outcome outcome);

	/**
	 * Lets a client that sends in batches of its own send what it holds: called on the
	 * lane's thread after each round of offers, and every few milliseconds while records
	 * wait for an answer. A client with a thread of its own (Kafka's) needs nothing here.
	 */
	default void afterOffers() {
	}

	/** Nanoseconds records handed over have waited with none answered; per record, so allocation-free. */
	long waitingWithoutAnswerNanos();

	/**
	 * Closes the client, waiting up to the timeout for answers; every record still waiting
	 * then gets {@link Outcome#unanswered()} before this returns.
	 * @param timeout how long to wait at most; zero gives up at once
	 */
	void close(Duration timeout);

	/** Where records go, such as {@code kafka (app-logs)}. */
	String describe();

	/** What became of a record offered. */
	enum Offer {

		/** The client took it; its {@link Outcome} follows. */
		ACCEPTED,

		/**
		 * The client has no room or does not know the destination yet: the record stays
		 * with the lane, which offers it again later.
		 */
		NOT_NOW,

		/**
		 * The client holds as much as it sends at a time and is sending: the record stays with
		 * the lane, which offers it again shortly. Not a sign that the destination is away.
		 */
		BUSY,

		/** The client can never send it (too large, say); the destination counted it as failed. */
		REFUSED

	}

	/** What the destination answered for one record. */
	interface Outcome {

		/** The destination has the record. */
		void acknowledged();

		/** The record can never be delivered; the destination counted it as failed. */
		void failed();

		/** The client closed before the destination answered: the record may or may not be there. */
		void unanswered();

	}

}
