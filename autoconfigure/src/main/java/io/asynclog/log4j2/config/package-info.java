/**
 * Log4j2's configuration from {@code asynclog.*}: checked before logging starts, written into
 * Log4j2's configuration, described at start-up.
 * <p>
 * May use: {@code core.*}, {@code log4j2.appender}, {@code log4j2.queue}, {@code log4j2.metrics},
 * Log4j2, Spring Boot. Not: {@code log4j2.lifecycle}, {@code logback.*}, {@code autoconfigure.*}.
 */
package io.asynclog.log4j2.config;
