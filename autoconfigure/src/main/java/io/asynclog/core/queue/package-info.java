/**
 * Backend-neutral queue readings and accounting: fill, drops, delivery lag, busy time, the wait
 * for room and the shutdown deadline.
 * <p>
 * May use: {@code core.*}, Spring Boot. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback,
 * the Disruptor.
 */
package io.asynclog.core.queue;
