/**
 * The {@code asynclog} actuator endpoint: what runs, and the live controls.
 * <p>
 * May use: {@code core.*}, {@code autoconfigure}, Spring Boot Actuator. Not: {@code log4j2.*},
 * {@code logback.*}.
 */
package io.asynclog.autoconfigure.endpoint;
