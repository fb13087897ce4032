Scenario: s
  Given a
````
```
