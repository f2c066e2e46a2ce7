/**
 * CouchDB's configuration files: {@link org.couchtck.reference.config.IniFile} reads one ini file as the config app
 * (config.erl, parse_ini_file) reads it, {@link org.couchtck.reference.config.IniFiles} reads a list of them where
 * later files win (default.ini, local.ini, local.d/*.ini), into {@link org.couchtck.reference.config.IniValues},
 * which also say which keys differ between two readings.
 */
package org.couchtck.reference.config;
