package io.asynclog.appender;

import java.time.Duration;

/**
 * What an appender that ships records off the box (a kafka appender) has done, as an
 * operator wants to see it: records handed to the client, acknowledged by the broker,
 * failed, and still waiting for an answer.
 *
 * @param system where records go, such as {@code kafka}
 * @param destination the topic, or what the system calls it
 * @param sent the records handed to the client since the appender started
 * @param acknowledged the records the broker acknowledged
 * @param failed the records that failed (each is also counted in {@link AppenderErrors})
 * @param waiting the records sent and neither acknowledged nor failed yet
 * @param waitingWithoutAnswer how long records have waited with none acknowledged or
 * failed; zero while the broker answers
 * @param lastFailure the last failure, or {@code null} if none
 * @author asynclog
 */
public record Shipping(String system, String destination, long sent, long acknowledged, long failed, long waiting,
		Duration waitingWithoutAnswer, String lastFailure) {

	/**
	 * An appender that ships records and can say how far it got. Each backend's kafka
	 * appender implements it, so that the endpoint and the health can read it without
	 * knowing the backend or the client library.
	 */
	public interface Source {

		/**
		 * Returns the appender's reading, now.
		 * @return the reading
		 */
		Shipping shipping();

	}

}
