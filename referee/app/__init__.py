"""The use cases the command line and the web share: record, correct, officiate, direct an event, scorecards."""
