/**
 * Logback's configuration from {@code asynclog.*}: checked before logging starts, written into
 * Logback's configuration, described at start-up.
 * <p>
 * May use: {@code core.*}, {@code logback.appender}, {@code logback.queue},
 * {@code logback.metrics}, Logback, Spring Boot. Not: {@code logback.lifecycle}, {@code log4j2.*},
 * {@code autoconfigure.*}.
 */
package io.asynclog.logback.config;
