/**
 * Spring Boot's auto-configuration of asynclog: binding and checking {@code asynclog.*} before
 * logging starts, the start-up report, the drain before logging stops, failure analysis.
 * <p>
 * May use: {@code core.*}, {@code autoconfigure.*}, Spring Boot. Not: {@code log4j2.*},
 * {@code logback.*}.
 */
package io.asynclog.autoconfigure;
