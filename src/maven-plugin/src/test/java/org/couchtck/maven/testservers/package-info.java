/** Query servers that run as processes in the plugin's integration tests, deliberately broken. */
package org.couchtck.maven.testservers;
