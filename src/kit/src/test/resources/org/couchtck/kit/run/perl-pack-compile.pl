# Compiles every source of a Perl function pack as a Perl view server of the pack's conventions would:
# a string eval under use strict and use warnings, in a package that has the helpers the conventions name
# (dmap, dlog, dsend, start, get_row, provides, register_type, dindex, drequire). A module source is the body
# of sub { my ($exports, $module) = @_; ... }. Nothing is called: only the source's own value is taken.
#
# Input: the path of a JSON file [{"id": ..., "kind": ..., "source": ...}, ...].
# Output: one JSON object a line, {"id": ..., "outcome": "code" | "not-code" | "error", "detail": ...}; a
# warning given while compiling makes the outcome "error" too.
use strict;
use warnings;
use JSON::PP ();

package CouchTck::PerlPack;

sub dmap { return }
sub dlog { return }
sub dsend { return }
sub start { return }
sub get_row { return }
sub provides { return }
sub register_type { return }
sub dindex { return }
sub drequire { return {} }

sub compile_source {
    my ($kind, $source) = @_;
    my $code = $kind eq 'module' ? "sub {\nmy (\$exports, \$module) = \@_;\n$source\n}" : $source;
    my @warnings;
    local $SIG{__WARN__} = sub { push @warnings, $_[0] };
    my $value = eval "package CouchTck::PerlPack; use strict; use warnings;\n#line 1\n$code";
    my $error = $@;
    return ('error', $error) if $error;
    return ('error', join '', @warnings) if @warnings;
    return ('code', '') if ref $value eq 'CODE';
    return ('not-code', defined $value ? "its value is " . (ref $value || "the plain scalar $value") : 'its value is undef');
}

package main;

my $json = JSON::PP->new->utf8->canonical;
open my $in, '<:raw', $ARGV[0] or die "cannot read $ARGV[0]: $!\n";
my $entries = $json->decode(do { local $/; <$in> });
close $in;
$| = 1;
for my $entry (@$entries) {
    my ($outcome, $detail) = CouchTck::PerlPack::compile_source($entry->{kind}, $entry->{source});
    print $json->encode({ id => $entry->{id}, outcome => $outcome, detail => "$detail" }), "\n";
}
