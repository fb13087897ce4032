Scenario:	x
	Given	the account is "locked"
	Then	no session is created
