/**
 * The {@code asynclog} health indicator and the health status order it adds.
 * <p>
 * May use: {@code core.*}, {@code autoconfigure}, Spring Boot Actuator. Not: {@code log4j2.*},
 * {@code logback.*}.
 */
package io.asynclog.autoconfigure.health;
