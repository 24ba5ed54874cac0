/**
 * The {@code asynclog.*} settings, their checks and the settings an operator changes at run time.
 * <p>
 * May use: {@code core.*}, Spring Boot. Not: a backend, {@code autoconfigure.*}, Log4j2, Logback,
 * the Disruptor.
 */
package io.asynclog.core.config;
