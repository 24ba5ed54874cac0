/**
 * The start-up report and the report of the shutdown drain, in the same words on both backends.
 * <p>
 * May use: {@code core.*}, Spring Boot. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback,
 * the Disruptor.
 */
package io.asynclog.core.report;
