/**
 * asynclog's Micrometer meters, and the exact {@code log4j2.events} counter's wiring, which
 * reaches the Log4j2 backend only through {@code core.backend}.
 * <p>
 * May use: {@code core.*}, {@code autoconfigure}, Micrometer, Spring Boot. Not: {@code log4j2.*},
 * {@code logback.*}.
 */
package io.asynclog.autoconfigure.metrics;
