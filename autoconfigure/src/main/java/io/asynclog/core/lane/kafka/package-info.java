/**
 * The Kafka sender of a lane, and the checks of a Kafka appender's settings.
 * <p>
 * May use: {@code core.*}, the Kafka client. Not: a backend, {@code autoconfigure.*}, Log4j2,
 * Logback.
 */
package io.asynclog.core.lane.kafka;
